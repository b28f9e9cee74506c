// The pure views the window gets: a connection's sign-in state (never its token) and the status.
import { describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { initialAlertState, type AlertState } from '../../../main/core/alerts/index.ts';
import { connectionView } from '../../../main/core/app/connection-view.ts';
import { StatusMemo } from '../../../main/core/app/status-memo.ts';
import { statusView, type ServerStatusInput } from '../../../main/core/app/status-view.ts';
import { settingsSchema } from '../../../main/core/settings/settings-schema.ts';
import { DAY, domain, failed, HOUR, heartbeat, monitor, NOW, ok, snapshot } from '../alerts/fixtures.ts';

const connection = { id: 'prod', name: 'Prod', baseUrl: 'https://vigil.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true } as const;
const rejected: AlertState = { ...initialAlertState(), connection: { failedPolls: 0, reachability: 'ok', auth: 'rejected' } };

function jwt(expMs: number): string {
  return `e30.${Buffer.from(JSON.stringify({ exp: expMs / 1000 })).toString('base64url')}.sig`;
}

function view(token: string | undefined, alertState?: AlertState): ConnectionView {
  return connectionView(connection, { token, alertState, warningDays: 3, now: NOW });
}

describe('connectionView', () => {
  it('tells the sign-in state and expiry, never the token', () => {
    const token = jwt(NOW + 10 * DAY);
    expect(view(token)).toEqual({ ...connection, auth: 'signed-in', tokenExpiresAt: NOW + 10 * DAY });
    expect(JSON.stringify(view(token))).not.toContain(token);
    expect(view(undefined).auth).toBe('signed-out');
    expect(view(token, rejected).auth).toBe('rejected');
    expect(view(jwt(NOW + 2 * DAY)).auth).toBe('expiring');
    expect(view(jwt(NOW - DAY)).auth).toBe('expiring');
    expect(view('opaque-token')).toEqual({ ...connection, auth: 'signed-in' });
  });
});

type Settings = ReturnType<typeof settingsSchema.parse>;

function server(input: Partial<ServerStatusInput> = {}): ServerStatusInput {
  return { connection: view(jwt(NOW + 10 * DAY)), outcome: undefined, lastSnapshot: undefined, alertState: initialAlertState(), ...input };
}

/** The status over the one server "Prod", and that server's own part. */
function status(input: Partial<ServerStatusInput> & { settings?: Settings }) {
  const { settings = settingsSchema.parse({}), ...own } = input;
  const whole = statusView({ servers: [server(own)], settings, now: NOW, timeZone: 'UTC' });
  return { ...whole.servers[0], ...whole };
}

describe('statusView', () => {
  const items = { monitors: [monitor('up1', 'up'), monitor('down1', 'down')], heartbeats: [heartbeat('hb1', 2 * HOUR, 3600)], domains: [domain('d1', 100)] };

  it('lists every item, worst first and snoozed last, with the raw lists of the snapshot', () => {
    const settings = settingsSchema.parse({ snoozes: [{ key: 'prod/monitor:down1', until: NOW + HOUR }, { key: 'other/monitor:up1', until: 'resumed' }] });
    const result = status({ outcome: ok(items), settings });
    expect(result.items.map((item) => [item.key, item.health])).toEqual([
      ['prod/heartbeat:hb1', 'warning'],
      ['prod/monitor:up1', 'ok'],
      ['prod/domain:d1', 'ok'],
      ['prod/monitor:down1', 'critical'],
    ]);
    expect(result.items.at(-1)).toMatchObject({ snoozedUntil: NOW + HOUR, name: 'Monitor down1', detail: 'Down', connectionId: 'prod', serverName: 'Prod' });
    expect(result.level).toBe('warning');
    expect(result.monitors).toEqual(items.monitors);
    expect(result.problem).toBeUndefined();
    expect(result.lastSuccessfulPollAt).toBe(NOW);
  });

  it('says why there is no current data, keeping the last snapshot on show', () => {
    const last = snapshot(items, NOW - HOUR);
    const offline = status({ outcome: failed('unreachable', NOW, 'Could not connect to vigil.example.'), lastSnapshot: last });
    expect(offline).toMatchObject({ level: 'offline', situation: 'unreachable', problem: 'Could not connect to vigil.example.' });
    expect(offline.monitors).toEqual(items.monitors);
    expect(status({}).problem).toBe('Waiting for the first answer from Prod.');
    expect(status({ alertState: rejected })).toMatchObject({ level: 'unknown', situation: 'signed-out', problem: 'Prod did not accept the saved token: sign in again.' });
    expect(statusView({ servers: [], settings: settingsSchema.parse({}), now: NOW })).toMatchObject({ level: 'unknown', servers: [], problem: 'No connection is watched: add a monitoring server, or turn one on.' });
    expect(status({ blocker: 'The local monitoring service could not start.' }).problem).toBe('The local monitoring service could not start.');
    expect(status({ outcome: failed('rate-limited'), lastSnapshot: last }).problem).toBeUndefined();
  });

  it('shows a pause while it lasts', () => {
    expect(status({ outcome: ok(items), settings: settingsSchema.parse({ pausedUntil: NOW + HOUR }) })).toMatchObject({ level: 'paused', pausedUntil: NOW + HOUR, situation: 'ok' });
    expect(status({ outcome: ok(items), settings: settingsSchema.parse({ pausedUntil: 'resumed' }) }).pausedUntil).toBe('resumed');
    expect(status({ outcome: ok(items), settings: settingsSchema.parse({ pausedUntil: NOW - 1 }) }).pausedUntil).toBeUndefined();
  });

  it('gives each server its own situation, level and lists, the worst of them as the level, and keeps their items apart', () => {
    const work = server({ connection: { ...view(jwt(NOW + 10 * DAY)), id: 'work', name: 'Work' }, outcome: ok({ monitors: [monitor('1', 'down')] }) });
    const side = server({ connection: { ...view(jwt(NOW + 10 * DAY)), id: 'side', name: 'Side' }, outcome: ok({ monitors: [monitor('1', 'up')] }) });
    const gone = server({ connection: { ...view(undefined), id: 'gone', name: 'Gone' }, outcome: failed('unreachable', NOW, 'Could not connect.') });
    const result = statusView({ servers: [work, side, gone], settings: settingsSchema.parse({}), now: NOW, timeZone: 'UTC' });
    expect(result.servers.map(({ connection: c, level, situation, problem }) => ({ id: c.id, level, situation, problem }))).toEqual([
      { id: 'work', level: 'critical', situation: 'ok', problem: undefined },
      { id: 'side', level: 'ok', situation: 'ok', problem: undefined },
      { id: 'gone', level: 'offline', situation: 'unreachable', problem: 'Could not connect.' },
    ]);
    expect(result.level).toBe('critical');
    expect(result.items.map((item) => [item.key, item.serverName])).toEqual([
      ['work/monitor:1', 'Work'],
      ['side/monitor:1', 'Side'],
    ]);
    expect(result.servers[0]?.monitors).toEqual([monitor('1', 'down')]);
    expect(result.trayItems.map((item) => item.label)).toEqual(["Can't reach Gone", 'Work · Monitor 1 — Down']);
  });
});

describe('the status memo', () => {
  const named = (id: string, outcome: ServerStatusInput['outcome']) => server({ connection: { ...view(jwt(NOW + 10 * DAY)), id, name: id }, outcome });

  it('gives the same status as a build afresh, keeping what does not move with the clock of servers without news', () => {
    const memo = new StatusMemo();
    const settings = settingsSchema.parse({});
    const work = named('work', ok({ monitors: [monitor('1', 'down'), monitor('2', 'up')] }));
    const side = named('side', ok({ monitors: [monitor('1', 'up')], heartbeats: [heartbeat('h', HOUR)] }));
    const first = statusView({ servers: [work, side], settings, now: NOW, timeZone: 'UTC', memo });
    expect(first).toEqual(statusView({ servers: [work, side], settings, now: NOW, timeZone: 'UTC' }));

    // Side polls again; Work has no news and keeps its part (the same objects), Side's is new.
    const sideAgain = named('side', ok({ monitors: [monitor('1', 'down')] }));
    const second = statusView({ servers: [work, sideAgain], settings, now: NOW + 200, timeZone: 'UTC', memo });
    expect(second).toEqual(statusView({ servers: [work, sideAgain], settings, now: NOW + 200, timeZone: 'UTC' }));
    const workItem = (view: typeof first) => view.items.find((item) => item.key === 'work/monitor:1');
    expect(workItem(second)).toBe(workItem(first));

    // Seconds later Work's monitors keep their views (they do not move with the clock); its heartbeats are judged and
    // described again at the new time, so their words follow it.
    const later = statusView({ servers: [work, sideAgain], settings, now: NOW + 5_000, timeZone: 'UTC', memo });
    expect(workItem(later)).toBe(workItem(first));
    expect(later).toEqual(statusView({ servers: [work, sideAgain], settings, now: NOW + 5_000, timeZone: 'UTC' }));
  });

  it('follows a snooze at once', () => {
    const memo = new StatusMemo();
    const work = named('work', ok({ monitors: [monitor('1', 'down')] }));
    statusView({ servers: [work], settings: settingsSchema.parse({}), now: NOW, memo });
    const snoozed = statusView({ servers: [work], settings: settingsSchema.parse({ snoozes: [{ key: 'work/monitor:1', until: 'resumed' }] }), now: NOW, memo });
    expect(snoozed.items[0]?.snoozedUntil).toBe('resumed');
  });
});
