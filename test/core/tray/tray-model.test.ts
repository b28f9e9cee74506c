import { describe, expect, it } from 'vitest';
import { defaultAlertPreferences, evaluatePoll, initialAlertState, type AlertState } from '../../../main/core/alerts/index.ts';
import type { PollOutcome, Snapshot } from '../../../main/core/model/snapshot.ts';
import { serverTray, trayModel, type ServerTrayInput, type TrayInput } from '../../../main/core/tray/index.ts';
import { context, domain, failed, heartbeat, HOUR, monitor, MINUTE, NOW, ok, snapshot } from '../alerts/fixtures.ts';

type ModelOptions = Partial<Omit<ServerTrayInput, 'outcome'> & Omit<TrayInput, 'servers'>>;

/** One server's part, by the defaults here and the options it takes. */
function part(outcome: PollOutcome | undefined, extra: ModelOptions = {}) {
  const { pausedUntil: _paused, maxItems: _max, timeZone: _zone, sinceOf: _since, ...server } = extra;
  return serverTray({ server: { id: 'work', name: 'Work API' }, outcome, alertState: initialAlertState(), snoozes: [], preferences: defaultAlertPreferences, now: NOW, ...server });
}

/** The tray over one server: its part (counts, situation, last poll) with the combined level, tooltip and menu. */
function model(outcome: PollOutcome | undefined, extra: ModelOptions = {}) {
  const own = part(outcome, extra);
  const { pausedUntil, maxItems, timeZone = 'UTC', now = NOW } = extra;
  return { ...own, ...trayModel({ servers: [own], now, timeZone, locale: 'en-GB', ...(pausedUntil === undefined ? {} : { pausedUntil }), ...(maxItems === undefined ? {} : { maxItems }) }) };
}

const fine = { monitors: [monitor('a', 'up'), monitor('b', 'up')], heartbeats: [heartbeat('h', MINUTE)], domains: [domain('d', 200)] };
const earlier: Snapshot = snapshot(fine, NOW - 5 * MINUTE);

describe('trayModel levels', () => {
  it('is unknown before the first poll', () => {
    expect(model(undefined)).toEqual({
      server: { id: 'work', name: 'Work API' },
      level: 'unknown',
      counts: {
        monitors: { up: 0, down: 0, unknown: 0 },
        heartbeats: { up: 0, waiting: 0, late: 0, down: 0, failed: 0, unknown: 0 },
        domains: { ok: 0, expiring: 0, expired: 0, unknown: 0 },
        sources: { ok: 0, degraded: 0, pending: 0, late: 0, down: 0, firing: 0, unknown: 0 },
        snoozed: 0,
        inMaintenance: 0,
        acknowledged: 0,
      },
      tooltip: 'Vigil — Work API: checking… · not checked yet',
      items: [],
      situation: 'not-polled',
      ranked: [],
    });
  });

  it('is ok when everything is fine, and lists nothing', () => {
    const tray = model(ok(fine));
    expect(tray.level).toBe('ok');
    expect(tray.tooltip).toBe('Vigil — Work API: all 4 OK · last checked 14:05');
    expect(tray.items).toEqual([]);
    expect(tray.lastSuccessfulPollAt).toBe(NOW);
  });

  it('says when there is nothing to watch yet', () => {
    expect(model(ok({})).tooltip).toBe('Vigil — Work API: nothing watched yet · last checked 14:05');
  });

  it('is critical when anything is down or expired, and counts by kind', () => {
    const tray = model(
      ok({
        monitors: [monitor('a', 'down'), monitor('b', 'up'), monitor('c', 'unknown')],
        heartbeats: [heartbeat('h', 70 * MINUTE), heartbeat('w', undefined), heartbeat('x', 3 * HOUR)],
        domains: [domain('d', 5), domain('e', -1), domain('f', undefined)],
      }),
    );
    expect(tray.level).toBe('critical');
    expect(tray.counts).toEqual({
      monitors: { up: 1, down: 1, unknown: 1 },
      heartbeats: { up: 0, waiting: 1, late: 1, down: 1, failed: 0, unknown: 0 },
      domains: { ok: 0, expiring: 1, expired: 1, unknown: 1 },
      sources: { ok: 0, degraded: 0, pending: 0, late: 0, down: 0, firing: 0, unknown: 0 },
      snoozed: 0,
      inMaintenance: 0,
      acknowledged: 0,
    });
    expect(tray.tooltip).toBe('Vigil — Work API: 2 down, 1 expired, 1 late, 1 expiring, 2 unknown · last checked 14:05');
  });

  it('is warning for a late heartbeat, an expiring domain or a monitor in an unknown state', () => {
    expect(model(ok({ heartbeats: [heartbeat('h', 70 * MINUTE)] })).level).toBe('warning');
    expect(model(ok({ domains: [domain('d', 30)] })).level).toBe('warning');
    expect(model(ok({ monitors: [monitor('m', 'paused')] })).level).toBe('warning');
  });

  it('lists but is not coloured by items that cannot be judged', () => {
    const tray = model(ok({ monitors: [monitor('a', 'up')], domains: [domain('d', undefined)] }));
    expect(tray.level).toBe('ok');
    expect(tray.items.map((item) => item.label)).toEqual(['d.example — Expiry could not be looked up']);
  });

  it.each(['unreachable', 'timeout', 'server-error', 'protocol-error'] as const)('is offline after %s, still listing the last snapshot', (kind) => {
    const tray = model(failed(kind), { lastSnapshot: snapshot({ monitors: [monitor('a', 'down')] }, NOW - 5 * MINUTE) });
    expect(tray.level).toBe('offline');
    expect(tray.tooltip).toBe("Vigil — can't reach Work API · last checked 14:00");
    expect(tray.items.map((item) => item.label)).toEqual(['Monitor a — Down']);
    expect(tray.lastSuccessfulPollAt).toBe(NOW - 5 * MINUTE);
  });

  it('shows a kept snapshot as it was then, so heartbeats do not turn late while offline', () => {
    const kept = snapshot({ heartbeats: [heartbeat('h', 50 * MINUTE, 3600, NOW - 5 * MINUTE)] }, NOW - 5 * MINUTE);
    const later = { lastSnapshot: kept, now: NOW + 2 * HOUR };
    expect(model(failed('timeout', NOW + 2 * HOUR), later)).toMatchObject({ level: 'offline', counts: { heartbeats: { up: 1 } } });
    expect(model(ok({ heartbeats: kept.heartbeats }, NOW + 2 * HOUR), { now: NOW + 2 * HOUR }).counts.heartbeats.down).toBe(1);
  });

  it('is offline without any snapshot too', () => {
    expect(model(failed('unreachable'))).toMatchObject({ level: 'offline', tooltip: "Vigil — can't reach Work API · not checked yet" });
  });

  it('is unknown when the token was rejected, also after a restart that stopped polling', () => {
    expect(model(failed('unauthorized'), { lastSnapshot: earlier })).toMatchObject({
      level: 'unknown',
      tooltip: 'Vigil — Work API: sign in again · last checked 14:00',
    });
    const rejected: AlertState = evaluatePoll(initialAlertState(), failed('unauthorized'), context()).state;
    expect(model(undefined, { alertState: rejected }).tooltip).toBe('Vigil — Work API: sign in again · not checked yet');
  });

  it('is unknown when the server refuses the request as configured', () => {
    expect(model(failed('not-found'), { lastSnapshot: earlier })).toMatchObject({
      level: 'unknown',
      tooltip: 'Vigil — Work API: check the connection settings · last checked 14:00',
    });
  });

  it('keeps showing the last snapshot through rate limiting', () => {
    expect(model(failed('rate-limited'), { lastSnapshot: snapshot({ monitors: [monitor('a', 'down')] }, NOW - MINUTE) }).level).toBe('critical');
    expect(model(failed('cancelled')).level).toBe('unknown');
  });

  it('is paused while a global pause is active, and says until when', () => {
    const tray = model(ok({ monitors: [monitor('a', 'down')] }), { pausedUntil: NOW + HOUR });
    expect(tray.level).toBe('paused');
    expect(tray.tooltip).toBe('Vigil — alerts paused until 15:05 · Work API: 1 down · last checked 14:05');
    expect(model(ok(fine), { pausedUntil: 'resumed' }).tooltip).toBe('Vigil — alerts paused · Work API: all 4 OK · last checked 14:05');
    expect(model(ok(fine), { pausedUntil: NOW }).level).toBe('ok');
  });

  it('takes the last successful poll time from the alert state when it has no snapshot', () => {
    const state = evaluatePoll(initialAlertState(), ok({}, NOW - 2 * HOUR), context()).state;
    expect(model(failed('timeout'), { alertState: state }).lastSuccessfulPollAt).toBe(NOW - 2 * HOUR);
  });

  it('uses the alert state’s waiting start for never-pinged heartbeats', () => {
    const waiting = { heartbeats: [heartbeat('w', undefined)] };
    const state = evaluatePoll(initialAlertState(), ok(waiting, NOW - 2 * HOUR), context({ now: NOW - 2 * HOUR })).state;
    expect(model(ok(waiting), { alertState: state }).counts.heartbeats.late).toBe(1);
    expect(model(ok(waiting)).counts.heartbeats.waiting).toBe(1);
  });

  it('writes times in the given zone, with the date when not today', () => {
    expect(model(ok(fine), { timeZone: 'Asia/Tokyo' }).tooltip).toBe('Vigil — Work API: all 4 OK · last checked 23:05');
    const yesterday = snapshot(fine, NOW - 20 * HOUR);
    expect(model(failed('timeout'), { lastSnapshot: yesterday }).tooltip).toBe("Vigil — can't reach Work API · last checked 20 Nov, 18:05");
  });
});

describe('snoozed items', () => {
  it('leave the level and the counts, are counted as snoozed, and are listed after problems', () => {
    const tray = model(ok({ monitors: [monitor('a', 'down'), monitor('b', 'unknown'), monitor('c', 'up')] }), {
      snoozes: [
        { key: 'monitor:a', until: NOW + HOUR },
        { key: 'monitor:c', until: 'resumed' },
        { key: 'monitor:b', until: NOW - 1 },
      ],
    });
    expect(tray.level).toBe('warning');
    expect(tray.counts.monitors).toEqual({ up: 0, down: 0, unknown: 1 });
    expect(tray.counts.snoozed).toBe(2);
    expect(tray.tooltip).toBe('Vigil — Work API: 1 unknown, 2 snoozed · last checked 14:05');
    expect(tray.items).toEqual([
      {
        type: 'item',
        key: 'work/monitor:b',
        connectionId: 'work',
        kind: 'monitor',
        name: 'Monitor b',
        health: 'warning',
        state: 'unknown',
        detail: 'Status unknown',
        label: 'Monitor b — Status unknown',
      },
      {
        type: 'item',
        key: 'work/monitor:a',
        connectionId: 'work',
        kind: 'monitor',
        name: 'Monitor a',
        health: 'critical',
        state: 'down',
        detail: 'Down',
        label: 'Monitor a — Down (snoozed until 15:05)',
        snoozedUntil: NOW + HOUR,
      },
      expect.objectContaining({ key: 'work/monitor:c', label: 'Monitor c — Up (snoozed until resumed)', snoozedUntil: 'resumed' }),
    ]);
  });
});

describe('acknowledged problems', () => {
  it('leave the level and the counts, are counted as acknowledged, say since when, and are listed after problems', () => {
    const at = NOW - 20 * MINUTE;
    const sinceOf = () => ({ since: NOW - 32 * MINUTE, lowerBound: false });
    const tray = model(ok({ monitors: [monitor('a', 'down'), monitor('b', 'unknown'), monitor('c', 'up')] }), {
      // c is fine: an acknowledgement of it (not ended yet) sets nothing aside.
      acknowledgements: new Map([['monitor:a', at], ['monitor:c', at]]),
    });
    expect(tray.level).toBe('warning');
    expect(tray.counts.monitors).toEqual({ up: 1, down: 0, unknown: 1 });
    expect(tray.counts.acknowledged).toBe(1);
    expect(tray.tooltip).toBe('Vigil — Work API: 1 unknown, 1 acknowledged · last checked 14:05');
    expect(tray.items).toEqual([
      expect.objectContaining({ key: 'work/monitor:b', label: 'Monitor b — Status unknown' }),
      {
        type: 'item',
        key: 'work/monitor:a',
        connectionId: 'work',
        kind: 'monitor',
        name: 'Monitor a',
        health: 'critical',
        state: 'down',
        detail: 'Down',
        label: 'Monitor a — Down (acknowledged 13:45)',
        acknowledgedAt: at,
      },
    ]);
    // With how long it has been down, as the tray says it.
    const own = part(ok({ monitors: [monitor('a', 'down')] }), { acknowledgements: new Map([['monitor:a', at]]) });
    const timed = trayModel({ servers: [own], now: NOW, timeZone: 'UTC', locale: 'en-GB', sinceOf });
    expect(timed.items).toEqual([expect.objectContaining({ label: 'Monitor a — down for 32 min (acknowledged 13:45)' })]);
    expect(timed.level).toBe('ok');
    expect(timed.tooltip).toBe('Vigil — Work API: 1 acknowledged · last checked 14:05');
  });

  it('a snooze or a window on an acknowledged item says that instead: it is set aside once', () => {
    const tray = model(ok({ monitors: [monitor('a', 'down')] }), { acknowledgements: new Map([['monitor:a', NOW]]), snoozes: [{ key: 'monitor:a', until: 'resumed' }] });
    expect(tray.counts).toMatchObject({ snoozed: 1, acknowledged: 0 });
    expect(tray.items).toEqual([expect.objectContaining({ label: 'Monitor a — Down (snoozed until resumed)' })]);
  });
});

describe('tray items', () => {
  it('are worst first, capped at 10 with a last "and N more"', () => {
    const monitors = [
      ...Array.from({ length: 8 }, (_, index) => monitor(`u${index}`, 'unknown')),
      ...Array.from({ length: 6 }, (_, index) => monitor(`d${index}`, 'down')),
    ];
    const tray = model(ok({ monitors, domains: [domain('x', undefined)] }));
    expect(tray.items).toHaveLength(10);
    expect(tray.items.slice(0, 9).map((item) => (item.type === 'item' ? item.health : 'more'))).toEqual([
      ...Array<string>(6).fill('critical'),
      ...Array<string>(3).fill('warning'),
    ]);
    expect(tray.items[9]).toEqual({ type: 'more', count: 6, label: 'and 6 more' });
  });

  it('follow maxItems', () => {
    const monitors = Array.from({ length: 3 }, (_, index) => monitor(`d${index}`, 'down'));
    expect(model(ok({ monitors }), { maxItems: 3 }).items).toHaveLength(3);
    expect(model(ok({ monitors }), { maxItems: 2 }).items.map((item) => item.label)).toEqual(['Monitor d0 — Down', 'and 2 more']);
  });
});

describe('several servers', () => {
  const on = (id: string, name: string, outcome: PollOutcome | undefined, extra: ModelOptions = {}) => part(outcome, { ...extra, server: { id, name } });
  const tray = (servers: ReturnType<typeof part>[], extra: Partial<TrayInput> = {}) => trayModel({ servers, now: NOW, timeZone: 'UTC', locale: 'en-GB', ...extra });

  it('count per server in the tooltip where it fits, and name their server in the menu', () => {
    const model = tray([
      on('work', 'Work', ok({ monitors: [monitor('api', 'down', { name: 'API' }), monitor('b', 'up')] })),
      on('local', 'Home', ok(fine)),
    ]);
    expect(model.level).toBe('critical');
    expect(model.tooltip).toBe('Vigil — Work: 1 down · Home: all 4 OK · last checked 14:05');
    expect(model.items).toEqual([expect.objectContaining({ type: 'item', key: 'work/monitor:api', connectionId: 'work', label: 'Work · API — Down' })]);
  });

  it('give a server that cannot be watched its own entry, not a global offline', () => {
    const rejected: AlertState = evaluatePoll(initialAlertState(), failed('unauthorized'), context()).state;
    const model = tray([
      on('work', 'Work', failed('unreachable'), { lastSnapshot: snapshot({ monitors: [monitor('a', 'down')] }, NOW - 5 * MINUTE) }),
      on('side', 'Side', undefined, { alertState: rejected }),
      on('local', 'Home', ok(fine)),
    ]);
    expect(model.items.map((item) => item.label)).toEqual(["Can't reach Work", 'Side: sign in again', 'Work · Monitor a — Down']);
    expect(model.items.slice(0, 2)).toEqual([
      { type: 'server', connectionId: 'work', situation: 'unreachable', label: "Can't reach Work" },
      { type: 'server', connectionId: 'side', situation: 'signed-out', label: 'Side: sign in again' },
    ]);
    expect(model.level).toBe('offline');
    expect(model.tooltip).toBe("Vigil — can't reach Work · Side: sign in again · Home: all 4 OK · not checked yet");
  });

  it('keep the same monitor id on two servers apart', () => {
    const model = tray([on('work', 'Work', ok({ monitors: [monitor('1', 'down')] })), on('side', 'Side', ok({ monitors: [monitor('1', 'down')] }))]);
    expect(model.items.flatMap((item) => (item.type === 'item' ? [item.key] : []))).toEqual(['work/monitor:1', 'side/monitor:1']);
    expect(model.ranked.map((entry) => entry.server.id)).toEqual(['work', 'side']);
  });

  it('sum the counts when one phrase per server does not fit, naming who cannot be watched', () => {
    const servers = Array.from({ length: 6 }, (_, index) => on(`s${index}`, `Server number ${index}`, ok(fine)));
    servers.push(on('far', 'Far away', failed('unreachable')));
    const model = tray(servers);
    expect(model.tooltip).toBe("Vigil — all 24 OK on 6 of 7 servers · can't reach Far away · not checked yet");
  });

  it('is paused over every server while notifications are paused, and unknown with no server at all', () => {
    expect(tray([on('work', 'Work', ok({ monitors: [monitor('a', 'down')] })), on('local', 'Home', ok(fine))], { pausedUntil: 'resumed' }).level).toBe('paused');
    expect(tray([])).toMatchObject({ level: 'unknown', items: [], tooltip: 'Vigil — no server watched: add one, or turn one on' });
  });
});
