// The roll-up of `vigil status` over several servers (pure): the exit is the worst server's, critical above cannot
// tell above warning; a server that cannot tell is one line of its own among the others' groups.
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../main/core/alerts/index.ts';
import type { Target } from '../../main/cli/server-choice.ts';
import type { PollFailure } from '../../main/cli/server-poll.ts';
import { alertLine } from '../../main/cli/watch-command.ts';
import { exitCodeOf, formatServersReport, serversJson, worstLevel, type ServerStatus } from '../../main/cli/servers-report.ts';
import type { ReportLevel, ReportRow, StatusReport } from '../../main/cli/status-report.ts';

const rowOf = (name: string, health: ReportRow['health']): ReportRow => ({ kind: 'monitor', id: name, name, health, state: health === 'ok' ? 'up' : 'down', detail: health === 'ok' ? 'Up' : 'Down', annotations: {} });

function reported(name: string, level: ReportLevel, id = name.toLowerCase()): ServerStatus {
  const rows = [rowOf(`${name} API`, level === 'ok' ? 'ok' : level)];
  const report: StatusReport = { level, exitCode: level === 'critical' ? 2 : level === 'warning' ? 1 : 0, monitors: rows, heartbeats: [], domains: [], rows, issues: 0 };
  return { name, id, baseUrl: `https://${id}.example/api`, kind: 'vigil', report };
}

const unreachable: PollFailure = { situation: 'unreachable', message: 'Cannot tell the status of Home: Could not reach the server.' };
// Named by --base-url alone: not a saved connection, so without an id.
const cannotTell: ServerStatus = { name: 'Home', baseUrl: 'https://home.example/api', kind: 'vigil', failure: unreachable };

describe('over several servers', () => {
  it('exits with the worst: critical, then cannot tell, then warning, then ok', () => {
    expect(exitCodeOf(worstLevel([reported('Work', 'ok'), reported('Side', 'ok')]))).toBe(0);
    expect(exitCodeOf(worstLevel([reported('Work', 'ok'), reported('Side', 'warning')]))).toBe(1);
    expect(exitCodeOf(worstLevel([reported('Work', 'warning'), cannotTell]))).toBe(3);
    expect(exitCodeOf(worstLevel([cannotTell, reported('Work', 'critical')]))).toBe(2);
  });

  it('groups the text by server, the one that cannot tell in one line, then the roll-up', () => {
    expect(formatServersReport([reported('Work', 'critical'), cannotTell])).toBe(
      [
        'Work (https://work.example/api)',
        '  CRITICAL  monitor    Work API  Down',
        '',
        '  Work: CRITICAL — 1 of 1 items need attention.',
        '',
        'Home (https://home.example/api)',
        '  Home: CANNOT TELL — Cannot tell the status of Home: Could not reach the server.',
        '',
        '2 servers: CRITICAL (Work critical, Home cannot tell).',
      ].join('\n'),
    );
  });

  it('gives each item its server and each server its level and situation in JSON, with its notes', () => {
    const work = reported('Work', 'warning');
    const [row] = 'report' in work ? work.report.monitors : [];
    if (row !== undefined) row.annotations = { notes: 'Runbook: https://wiki.example/api' };
    expect(serversJson([work, cannotTell])).toEqual({
      level: 'unknown',
      servers: [
        { name: 'Work', id: 'work', baseUrl: 'https://work.example/api', kind: 'vigil', level: 'warning', situation: 'ok', issues: 0 },
        { name: 'Home', id: null, baseUrl: 'https://home.example/api', kind: 'vigil', level: 'unknown', situation: 'unreachable', problem: unreachable.message },
      ],
      items: [{ kind: 'monitor', id: 'Work API', name: 'Work API', health: 'warning', state: 'down', detail: 'Down', notes: 'Runbook: https://wiki.example/api', server: 'Work', server_id: 'work', server_kind: 'vigil' }],
      monitors: [{ kind: 'monitor', id: 'Work API', name: 'Work API', health: 'warning', state: 'down', detail: 'Down', notes: 'Runbook: https://wiki.example/api', server: 'Work', server_id: 'work', server_kind: 'vigil' }],
      heartbeats: [],
      domains: [],
      issues: 0,
    });
  });

  it('tells two servers of the same name apart by server_id', () => {
    const json = serversJson([reported('Work', 'critical', 'work-eu'), reported('Work', 'ok', 'work-us')]) as { servers: { id: string }[]; monitors: { server: string; server_id: string; health: string }[] };
    expect(json.servers.map((server) => server.id)).toEqual(['work-eu', 'work-us']);
    expect(json.monitors.map((row) => [row.server, row.server_id, row.health])).toEqual([
      ['Work', 'work-eu', 'critical'],
      ['Work', 'work-us', 'ok'],
    ]);
  });
});

describe('vigil watch --json', () => {
  const alert: Alert = { id: 'a', kind: 'monitor-down', severity: 'critical', title: 'API is down', body: 'Down', itemKey: 'monitor:1', connectionId: 'work-eu' };
  const target = (id: string | undefined): Target => ({
    name: 'Work',
    baseUrl: 'https://work.example/api',
    connection: id === undefined ? undefined : { id, name: 'Work', baseUrl: 'https://work.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true },
    sourceKind: 'vigil',
    namedByBaseUrl: id === undefined,
  });

  it('gives each line its server by name and by connection id', () => {
    const at = Date.UTC(2026, 10, 24, 9);
    expect(JSON.parse(alertLine(alert, at, target('work-eu'), { json: true, named: true }))).toMatchObject({ at: '2026-11-24T09:00:00.000Z', server: 'Work', server_id: 'work-eu', title: 'API is down' });
    expect(JSON.parse(alertLine(alert, at, target(undefined), { json: true, named: false }))).toMatchObject({ server: 'Work', server_id: null });
  });
});
