import { describe, expect, it } from 'vitest';
import { readHealthchecksChecks, readHealthchecksFlips } from '../../../main/core/sources/healthchecks.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';

const NOW = Date.parse('2026-11-29T08:00:00Z');
const options = { baseUrl: 'https://healthchecks.io/', now: NOW };

// A read-only key's list, as Healthchecks' `Check.to_dict(readonly=True)` writes it (hc/api/models.py), reproduced
// from docs/source-apis.md §2.
const READ_ONLY_LIST = `{"checks": [
  {"name":"Backups","slug":"backups","tags":"prod db","desc":"","grace":3600,"n_pings":42,"status":"down",
   "started":false,"last_ping":"2026-11-28T02:00:04+00:00","next_ping":null,"manual_resume":false,"methods":"",
   "subject":"","subject_fail":"","start_kw":"","success_kw":"","failure_kw":"","filter_subject":false,
   "filter_body":false,"unique_key":"124f983e0e3dcaeba921cfcef46efd084576e783","schedule":"0 2 * * *","tz":"Europe/Riga"},
  {"name":"Heartbeat","slug":"heartbeat","tags":"","desc":"","grace":60,"n_pings":3,"status":"grace",
   "started":true,"last_ping":"2026-11-29T07:40:00+00:00","next_ping":"2026-11-29T07:45:00+00:00",
   "manual_resume":false,"methods":"","subject":"","subject_fail":"","start_kw":"","success_kw":"",
   "failure_kw":"","filter_subject":false,"filter_body":false,"last_duration":12,
   "unique_key":"a6c7b0a8a66bed0df66abfdab3c77736861703ee","timeout":300}
]}`;

const UUID = '5bf66975-d4c7-4bf5-bcc8-b8d8a82ea278';
/** Healthchecks' unique_key for UUID: sha1 of the first 16 hex digits, computed with Python's hashlib. */
const UUID_UNIQUE_KEY = 'a386880ceaf12bb4ae2ccdfe62cc8ceb0ff07343';

/** A check as a read-write key lists it: the uuid only inside its URLs, no unique_key. */
function readWriteCheck(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    name: 'Nightly',
    slug: 'nightly',
    grace: 300,
    status: 'up',
    started: false,
    last_ping: '2026-11-29T07:55:00+00:00',
    next_ping: '2026-11-30T07:55:00+00:00',
    ping_url: `https://hc-ping.com/${UUID}`,
    update_url: `https://healthchecks.io/api/v3/checks/${UUID}`,
    pause_url: `https://healthchecks.io/api/v3/checks/${UUID}/pause`,
    timeout: 86400,
    ...fields,
  };
}

function readOne(check: Record<string, unknown>) {
  const reading = readHealthchecksChecks({ checks: [check] }, options);
  return { item: reading.items[0], issues: reading.issues };
}

describe('readHealthchecksChecks', () => {
  it('reads a read-only list into heartbeats with their schedules', () => {
    const reading = readHealthchecksChecks(JSON.parse(READ_ONLY_LIST), options);
    expect(reading.issues).toEqual([]);
    expect(reading.items).toEqual([
      {
        id: '124f983e0e3dcaeba921cfcef46efd084576e783',
        name: 'Backups',
        kind: 'heartbeat',
        health: 'critical',
        state: 'down',
        summary: 'Down: last ping 1 d 5 h ago',
        schedule: { cron: '0 2 * * *', timeZone: 'Europe/Riga', graceSeconds: 3600, lastPingAt: Date.parse('2026-11-28T02:00:04Z') },
        webUrl: 'https://healthchecks.io',
      },
      {
        id: 'a6c7b0a8a66bed0df66abfdab3c77736861703ee',
        name: 'Heartbeat',
        kind: 'heartbeat',
        health: 'warning',
        state: 'late',
        summary: 'Late: last ping 20 min ago; running now',
        // Late from when its next ping was due (its grace time began then).
        since: Date.parse('2026-11-29T07:45:00Z'),
        schedule: { periodSeconds: 300, graceSeconds: 60, lastPingAt: Date.parse('2026-11-29T07:40:00Z'), nextPingAt: Date.parse('2026-11-29T07:45:00Z') },
        webUrl: 'https://healthchecks.io',
      },
    ]);
  });

  it('takes the uuid from a read-write key’s URLs for the page, and keeps the id a read-only key would give', () => {
    const { item, issues } = readOne(readWriteCheck({}));
    expect(issues).toEqual([]);
    expect(item).toMatchObject({ id: UUID_UNIQUE_KEY, health: 'ok', state: 'up', summary: 'Last ping 5 min ago' });
    expect(item?.webUrl).toBe(`https://healthchecks.io/checks/${UUID}/details/`);
    expect(readOne(readWriteCheck({ update_url: undefined })).item?.id).toBe(UUID_UNIQUE_KEY);
  });

  it.each([
    ['new', { health: 'ok', state: 'new', summary: 'Waiting for its first ping' }],
    ['up', { health: 'ok', state: 'up', summary: 'Last ping 5 min ago' }],
    ['grace', { health: 'warning', state: 'late', summary: 'Late: last ping 5 min ago' }],
    ['down', { health: 'critical', state: 'down', summary: 'Down: last ping 5 min ago' }],
    ['paused', { health: 'ok', state: 'paused', summary: 'Paused' }],
    ['started', { health: 'unknown', state: 'unknown', summary: 'Healthchecks says status "started", which Vigil does not know' }],
    ['frozen', { health: 'unknown', state: 'unknown', summary: 'Healthchecks says status "frozen", which Vigil does not know' }],
    [undefined, { health: 'unknown', state: 'unknown', summary: 'Healthchecks did not say its status' }],
  ])('maps status %s', (status, standing) => {
    expect(readOne(readWriteCheck({ status })).item).toMatchObject(standing);
  });

  it('dates a late check from its next ping’s due time, a down one from the end of its grace, and no other', () => {
    const due = { next_ping: '2026-11-29T07:45:00+00:00', grace: 60 };
    expect(readOne(readWriteCheck({ status: 'grace', ...due })).item?.since).toBe(Date.parse('2026-11-29T07:45:00Z'));
    expect(readOne(readWriteCheck({ status: 'down', ...due })).item?.since).toBe(Date.parse('2026-11-29T07:46:00Z'));
    expect(readOne(readWriteCheck({ status: 'up', ...due })).item?.since).toBeUndefined();
  });

  it('says a check that never pinged so, and a run that has started', () => {
    expect(readOne(readWriteCheck({ status: 'down', last_ping: null })).item?.summary).toBe('Down: never pinged');
    expect(readOne(readWriteCheck({ started: true })).item?.summary).toBe('Last ping 5 min ago; running now');
  });

  it('reads an OnCalendar schedule like a cron one', () => {
    const { item } = readOne(readWriteCheck({ timeout: undefined, schedule: 'Mon..Fri 02:00', tz: 'UTC' }));
    expect(item?.schedule).toMatchObject({ cron: 'Mon..Fri 02:00', timeZone: 'UTC' });
    expect(item?.schedule?.periodSeconds).toBeUndefined();
  });

  it('names a nameless check by its slug, else says it has no name', () => {
    expect(readOne(readWriteCheck({ name: '' })).item?.name).toBe('nightly');
    expect(readOne(readWriteCheck({ name: '', slug: '' })).item?.name).toBe('Unnamed check');
  });

  it('drops and reports bad fields, keeping the check', () => {
    const { item, issues } = readOne(readWriteCheck({ last_ping: 'yesterday', timeout: 0, grace: '60', started: 'yes' }));
    expect(item).toMatchObject({ id: UUID_UNIQUE_KEY, summary: 'Never pinged' });
    expect(item?.schedule).toEqual({ nextPingAt: Date.parse('2026-11-30T07:55:00Z') });
    expect(issues.map((issue) => issue.path)).toEqual([
      ['checks', 0, 'timeout'],
      ['checks', 0, 'grace'],
      ['checks', 0, 'last_ping'],
      ['checks', 0, 'started'],
    ]);
  });

  it('skips and reports a check it could not follow from one poll to the next, and entries that are not checks', () => {
    const reading = readHealthchecksChecks({ checks: [readWriteCheck({ update_url: undefined, ping_url: undefined }), 'Backups', null, readWriteCheck({})] }, options);
    expect(reading.items.map((item) => item.id)).toEqual([UUID_UNIQUE_KEY]);
    expect(reading.issues).toEqual([
      { path: ['checks', 0], message: expect.stringContaining('neither a unique_key nor a uuid') },
      { path: ['checks', 1], message: 'expected an object, got string' },
      { path: ['checks', 2], message: 'expected an object, got null' },
    ]);
  });

  it('reads an empty project', () => {
    expect(readHealthchecksChecks(JSON.parse('{"checks": []}'), options)).toEqual({ items: [], issues: [] });
  });

  it.each([
    ['an HTML page', '<!doctype html><h1>Not Found</h1>', 'This Healthchecks answer has no checks list.'],
    ['another shape', { data: [] }, 'This Healthchecks answer has no checks list.'],
    ['a list of checks not wrapped', [], 'This Healthchecks answer has no checks list.'],
    // hc/api/decorators.py answers a wrong key with {"error": "wrong api key"}.
    ['its refusal', JSON.parse('{"error": "wrong api key"}'), 'Healthchecks answered "wrong api key" instead of a checks list.'],
  ])('refuses %s', (_what, answer, message) => {
    expect(() => readHealthchecksChecks(answer, options)).toThrow(new SourceShapeError(message));
  });
});

describe('readHealthchecksFlips', () => {
  // `Flip.to_dict` in a `{"flips": [...]}` object (hc/api/views.py flips), newest first.
  const WRAPPED = '{"flips": [{"timestamp": "2020-03-23T10:18:23+00:00", "up": 1}, {"timestamp": "2020-03-23T10:10:00+00:00", "up": 0}]}';
  const expected = [
    { at: Date.parse('2020-03-23T10:18:23Z'), up: true },
    { at: Date.parse('2020-03-23T10:10:00Z'), up: false },
  ];

  it('reads the flips object the code answers', () => {
    expect(readHealthchecksFlips(JSON.parse(WRAPPED))).toEqual({ flips: expected, issues: [] });
  });

  it('reads the bare array the documentation shows, newest first whatever the order', () => {
    const bare = '[{"timestamp": "2020-03-23T10:10:00+00:00", "up": false}, {"timestamp": "2020-03-23T10:18:23+00:00", "up": true}]';
    expect(readHealthchecksFlips(JSON.parse(bare))).toEqual({ flips: expected, issues: [] });
  });

  it('reads no flips', () => {
    expect(readHealthchecksFlips({ flips: [] })).toEqual({ flips: [], issues: [] });
  });

  it('skips and reports a flip without a time or a direction', () => {
    const { flips, issues } = readHealthchecksFlips({ flips: [{ timestamp: 'soon', up: 1 }, { timestamp: '2020-03-23T10:18:23+00:00', up: 2 }, { timestamp: '2020-03-23T10:18:23+00:00', up: 1 }] });
    expect(flips).toEqual([expected[0]]);
    expect(issues).toEqual([
      { path: ['flips', 0, 'timestamp'], message: expect.stringContaining('expected an ISO 8601 date-time') },
      { path: ['flips', 0], message: 'a flip needs its timestamp' },
      { path: ['flips', 1], message: 'a flip needs up (1 or 0)' },
    ]);
  });

  it('refuses an answer with no flips list', () => {
    expect(() => readHealthchecksFlips({ checks: [] })).toThrow(new SourceShapeError('This Healthchecks answer has no flips list.'));
    expect(() => readHealthchecksFlips('Not Found')).toThrow(SourceShapeError);
  });
});
