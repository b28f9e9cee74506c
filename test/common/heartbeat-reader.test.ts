// The tolerant readers of the heartbeat extension's fields (docs/api-decisions.md §16): one object shape whether a
// server sends the extension or only the spec, junk dropped and reported, the rest kept.
import { describe, expect, it } from 'vitest';
import { parseItem, parseList, readHeartbeat, readHeartbeatRun } from '../../common/api/index.ts';

const spec = { id: 'hb_1', name: 'Backup', slug: 's', expected_interval: 86_400, last_ping: '2026-11-21T03:00:01.000Z' };
const extension = {
  ...spec,
  ping_url: 'http://127.0.0.1:8731/ping/s',
  schedule: '0 3 * * *',
  timezone: 'Europe/Berlin',
  grace_seconds: 600,
  max_runtime_seconds: 3600,
  next_expected_at: '2026-11-22T02:00:00.000Z',
  last_start: '2026-11-21T02:00:00.000Z',
  last_end: '2026-11-21T03:00:01.000Z',
  last_duration_ms: 3_601_000,
  last_exit_code: 0,
  last_outcome: 'success',
};

describe('readHeartbeat', () => {
  it('reads every extension field', () => {
    expect(parseItem(readHeartbeat, extension)).toEqual({ ok: true, item: extension, issues: [] });
  });

  it('reads a spec-only heartbeat into the same shape, the extension fields absent', () => {
    const result = parseItem(readHeartbeat, spec);
    expect(result).toEqual({ ok: true, item: spec, issues: [] });
    expect(result.ok && result.item.schedule).toBeUndefined();
  });

  it('keeps values it does not know (another server’s cron dialect, an outcome of its own) and any exit code', () => {
    const other = { ...spec, schedule: '0 0 3 * * ?', last_outcome: 'timeout', last_exit_code: -1, grace_seconds: 0, last_duration_ms: 0 };
    expect(parseItem(readHeartbeat, other)).toMatchObject({ ok: true, item: other, issues: [] });
  });

  it('drops junk field by field and reports it, keeping the heartbeat', () => {
    const junk = {
      ...spec,
      schedule: 5,
      timezone: ['UTC'],
      grace_seconds: -1,
      max_runtime_seconds: 0,
      next_expected_at: 'tomorrow',
      last_start: '2026-11-21 02:00', // no offset
      last_end: 7,
      last_duration_ms: -5,
      last_exit_code: 1.5,
      last_outcome: true,
    };
    const result = parseList(readHeartbeat, [junk]);
    expect(result.ok && result.items).toEqual([spec]);
    expect(result.ok && result.issues.map((issue) => issue.path.join('.'))).toEqual([
      '0.schedule',
      '0.timezone',
      '0.grace_seconds',
      '0.max_runtime_seconds',
      '0.next_expected_at',
      '0.last_start',
      '0.last_end',
      '0.last_duration_ms',
      '0.last_exit_code',
      '0.last_outcome',
    ]);
  });

  it('treats null like absent', () => {
    expect(parseItem(readHeartbeat, { ...spec, schedule: null, next_expected_at: null, last_exit_code: null })).toEqual({ ok: true, item: spec, issues: [] });
  });
});

describe('readHeartbeatRun', () => {
  const run = {
    started_at: '2026-11-21T02:00:00.000Z',
    ended_at: '2026-11-21T02:00:03.500Z',
    duration_ms: 3500,
    outcome: 'failed',
    exit_code: 2,
    log: 'disk full\n',
    log_truncated: true,
  };

  it('reads a run', () => {
    expect(parseList(readHeartbeatRun, [run, { outcome: 'running', started_at: run.started_at }])).toEqual({
      ok: true,
      items: [run, { outcome: 'running', started_at: run.started_at }],
      issues: [],
    });
  });

  it('drops junk and reports it', () => {
    const result = parseList(readHeartbeatRun, [{ started_at: 'soon', duration_ms: -1, outcome: 3, exit_code: '2', log: {}, log_truncated: 'yes' }, 'not a run']);
    expect(result.ok && result.items).toEqual([{}]);
    expect(result.ok && result.issues.map((issue) => issue.path.join('.'))).toEqual([
      '0.duration_ms',
      '0.log_truncated',
      '0.started_at',
      '0.outcome',
      '0.exit_code',
      '0.log',
      '1',
    ]);
  });
});
