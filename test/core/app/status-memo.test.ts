// The status memo (status-memo.ts) against a build from scratch: over random servers, polls, snoozes, maintenance,
// dependencies, pauses, preferences and times (forward and back), the status the runtime builds with its memo is exactly the one built afresh — a
// server without news keeps only what does not move with the clock, and its heartbeats' lateness, domains' days left
// and every word that depends on the time follow the time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialAlertState, type ActiveMaintenance, type AlertState } from '../../../main/core/alerts/index.ts';
import type { ItemAssessment } from '../../../main/core/health/index.ts';
import { connectionView } from '../../../main/core/app/connection-view.ts';
import { StatusMemo } from '../../../main/core/app/status-memo.ts';
import { statusView, type ServerStatusInput } from '../../../main/core/app/status-view.ts';
import type { PollOutcome, Snapshot } from '../../../main/core/model/snapshot.ts';
import { settingsSchema } from '../../../main/core/settings/settings-schema.ts';
import { DAY, domain, failed, heartbeat, HOUR, iso, MINUTE, monitor, NOW, ok, SECOND } from '../alerts/fixtures.ts';

const serverIds = ['work', 'side', 'client'];
/** Ids, and none: an item the server sent without one is keyed by its name. */
const ids = ['a', 'b', 'c', undefined];

/**
 * Items of every kind as a server may send them: with and without ids, a monitor's own `status_since`, heartbeats
 * pinged at any millisecond up to hours before the poll (so words turn seconds) or with an unreadable ping, domains
 * with days left or only an expiry date. Built at the snapshot's time.
 */
const itemsArb = fc
  .record({
    monitors: fc.array(fc.record({ id: fc.constantFrom(...ids), status: fc.constantFrom('up', 'down', 'unknown', 'weird', undefined), since: fc.option(fc.integer({ min: 0, max: 3 * HOUR })) }), {
      maxLength: 5,
    }),
    heartbeats: fc.array(
      fc.record({
        id: fc.constantFrom(...ids),
        ago: fc.option(fc.integer({ min: -5 * SECOND, max: 3 * HOUR })),
        interval: fc.constantFrom(60, 120, 3600, undefined),
        unreadable: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
    domains: fc.array(fc.record({ id: fc.constantFrom(...ids), days: fc.option(fc.integer({ min: -3, max: 40 })), dateOnly: fc.boolean() }), { maxLength: 4 }),
  })
  .map((spec) => (at: number) => ({
    monitors: spec.monitors.map((entry) => {
      const item = monitor(entry.id ?? 'x', entry.status, entry.since === null ? {} : { status_since: iso(at - entry.since) });
      return entry.id === undefined ? { ...item, id: undefined } : item;
    }),
    heartbeats: spec.heartbeats.map((entry) => {
      const item = heartbeat(entry.id ?? 'x', entry.ago ?? undefined, entry.interval ?? 3600, at, entry.interval === undefined ? { expected_interval: undefined } : {});
      const pinged = entry.unreadable && item.last_ping !== undefined ? { ...item, last_ping: 'not a time' } : item;
      return entry.id === undefined ? { ...pinged, id: undefined } : pinged;
    }),
    domains: spec.domains.map((entry) => {
      const item = domain(entry.id ?? 'x', entry.days ?? undefined, at);
      const dated = entry.dateOnly ? { ...item, days_until_expiry: undefined } : item;
      return entry.id === undefined ? { ...dated, id: undefined } : dated;
    }),
  }));

/** What is in maintenance: a few answers, each the same object while it holds (as `maintenanceAt` gives them). */
const maintenancePool: (ActiveMaintenance | undefined)[] = [
  undefined,
  { items: new Map([['monitor:a', { until: NOW + HOUR }], ['heartbeat:c', {}], ['monitor?name=Monitor x', {}]]) },
  { everything: { until: NOW + 2 * HOUR }, items: new Map() },
  { everything: {}, items: new Map([['monitor:a', { until: NOW + HOUR }]]) },
  { items: new Map([['domain:a', {}], ['monitor:b', { until: NOW + 3 * HOUR }], ['heartbeat?name=Heartbeat x', { until: NOW + 5 * MINUTE }]]) },
];

/** What depends on what: none, children of monitors (some keyed by name), or parents whose state moves with the clock. */
const dependenciesPool: (ReadonlyMap<string, string> | undefined)[] = [
  undefined,
  new Map([['monitor:b', 'monitor:a'], ['heartbeat:a', 'monitor:a'], ['heartbeat:b', 'monitor?name=Monitor x'], ['domain:b', 'monitor:c'], ['monitor?name=Monitor x', 'monitor:b']]),
  new Map([['monitor:a', 'heartbeat:c'], ['domain:c', 'monitor:b'], ['monitor:c', 'domain:a']]),
];

const snoozableKeys = ['monitor:a', 'monitor:b', 'heartbeat:a', 'heartbeat:c', 'domain:b', 'monitor?name=Monitor x', 'heartbeat?name=Heartbeat x'];

const eventArb = fc.record({
  /** Which server polls before this build (none: a build without news, as on a snooze or a settings change). */
  server: fc.option(fc.constantFrom(0, 1, 2), { freq: 2 }),
  items: itemsArb,
  /** How long before the build its snapshot was taken. */
  lag: fc.constantFrom(0, 1, 999, 30 * SECOND),
  failure: fc.option(fc.constantFrom('unreachable' as const, 'unauthorized' as const, 'timeout' as const), { freq: 4 }),
  /**
   * From the same millisecond to days later, and now and then back (a clock set back): pings turn seconds and minutes
   * old, heartbeats late, domains lose days on the way.
   */
  advance: fc.oneof(
    fc.constant(0),
    fc.constant(1),
    fc.integer({ min: 1, max: 6 * SECOND }),
    fc.integer({ min: 0, max: 3 * MINUTE }),
    fc.integer({ min: 0, max: 3 * HOUR }),
    fc.integer({ min: 0, max: 2 * DAY }),
    fc.integer({ min: -HOUR, max: -1 }),
  ),
  snoozes: fc.uniqueArray(
    fc.record({
      server: fc.constantFrom(...serverIds),
      item: fc.constantFrom(...snoozableKeys),
      until: fc.oneof(fc.constant('resumed' as const), fc.integer({ min: -HOUR, max: 6 * HOUR })),
    }),
    { maxLength: 3, selector: (snooze) => `${snooze.server}/${snooze.item}` },
  ),
  /** A server whose maintenance changes before this build, and to which answer. */
  maintenance: fc.option(fc.tuple(fc.constantFrom(0, 1, 2), fc.nat(maintenancePool.length - 1)), { freq: 3 }),
  /** A heartbeat the polling server's alert state has waited for since some time ago. */
  waiting: fc.option(fc.tuple(fc.constantFrom('heartbeat:a', 'heartbeat:b', 'heartbeat?name=Heartbeat x'), fc.integer({ min: 0, max: 3 * HOUR })), { freq: 3 }),
  /** A monitor the polling server's alert state finds flapping. */
  flapping: fc.option(fc.constantFrom('monitor:a', 'monitor:b'), { freq: 4 }),
  grace: fc.constantFrom(0, 60, 300),
  thresholds: fc.constantFrom([30, 14, 7, 1], [1], [45]),
  paused: fc.boolean(),
});

describe('the status memo', () => {
  it('builds exactly the status a build from scratch gives, at every time', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 3 }), fc.nat(dependenciesPool.length - 1), (events, count, dependsOn) => {
        const memo = new StatusMemo();
        let now = NOW;
        const outcomes: (PollOutcome | undefined)[] = serverIds.map(() => undefined);
        const last: (Snapshot | undefined)[] = serverIds.map(() => undefined);
        // A server's alert state is a new object only after its own poll, as in the core.
        const alertStates: AlertState[] = serverIds.map(() => initialAlertState());
        const maintenance: (ActiveMaintenance | undefined)[] = serverIds.map(() => undefined);
        // What Vigil's record says of an item: the same for a server until its next poll, as in the core.
        const recorded = (item: ItemAssessment) => ({ state: item.state, since: NOW - HOUR, watchStart: NOW - 2 * HOUR });
        // Snoozes are set at the start: their ends come while time passes, without any news.
        const snoozeStart = NOW;
        for (const event of events) {
          now += event.advance;
          if (event.server !== null && event.server < count) {
            const outcome = event.failure === null ? ok(event.items(now - event.lag), now - event.lag) : failed(event.failure, now);
            outcomes[event.server] = outcome;
            const alertState = initialAlertState();
            if (event.waiting !== null) alertState.heartbeats = { [event.waiting[0]]: { waitingSince: now - event.waiting[1] } };
            if (event.flapping !== null) alertState.flapping = { [event.flapping]: { name: event.flapping, changes: [], flappingSince: now, ids: [] } };
            alertStates[event.server] = alertState;
            if (outcome.ok) last[event.server] = outcome.snapshot;
          }
          if (event.maintenance !== null) maintenance[event.maintenance[0]] = maintenancePool[event.maintenance[1]];
          const settings = settingsSchema.parse({
            snoozes: event.snoozes.map((snooze) => ({ key: `${snooze.server}/${snooze.item}`, until: snooze.until === 'resumed' ? 'resumed' : snoozeStart + snooze.until })),
            heartbeatGraceSeconds: event.grace,
            domainThresholds: event.thresholds,
            ...(event.paused ? { pausedUntil: now + HOUR } : {}),
          });
          const servers: ServerStatusInput[] = serverIds.slice(0, count).map((id, index) => {
            const connection = { id, name: id, baseUrl: `https://${id}.example/api`, kind: 'remote', sourceKind: 'vigil', enabled: true } as const;
            const alertState = alertStates[index] as AlertState;
            return {
              connection: connectionView(connection, { token: undefined, alertState, warningDays: 3, now }),
              outcome: outcomes[index],
              lastSnapshot: last[index],
              alertState,
              recorded,
              maintenance: maintenance[index],
              dependencies: dependenciesPool[dependsOn],
            };
          });
          const memoised = statusView({ servers, settings, now, timeZone: 'UTC', memo });
          expect(memoised).toEqual(statusView({ servers, settings, now, timeZone: 'UTC' }));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps a quiet server\'s monitors across seconds but judges its heartbeat again as it turns late', () => {
    const memo = new StatusMemo();
    const settings = settingsSchema.parse({});
    const alertState = initialAlertState();
    const connection = { id: 'work', name: 'Work', baseUrl: 'https://work.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true } as const;
    // Pinged 59 min ago, every hour: late once the hour and the grace have passed.
    const outcome = ok({ monitors: [monitor('1', 'down')], heartbeats: [heartbeat('h', 59 * MINUTE, 3600)] });
    const servers = (now: number): ServerStatusInput[] => [
      { connection: connectionView(connection, { token: undefined, alertState, warningDays: 3, now }), outcome, lastSnapshot: undefined, alertState },
    ];
    const first = statusView({ servers: servers(NOW), settings, now: NOW, timeZone: 'UTC', memo });
    const later = statusView({ servers: servers(NOW + 30 * MINUTE), settings, now: NOW + 30 * MINUTE, timeZone: 'UTC', memo });
    const item = (view: typeof first, key: string) => view.items.find((entry) => entry.key === key);
    expect(item(later, 'work/monitor:1')).toBe(item(first, 'work/monitor:1'));
    expect(item(first, 'work/heartbeat:h')?.state).toBe('up');
    expect(item(later, 'work/heartbeat:h')?.state).toBe('late');
    expect(item(later, 'work/heartbeat:h')?.detail).toMatch(/^Late: last ping 1 h 29 min ago/u);
        expect(later).toEqual(statusView({ servers: servers(NOW + 30 * MINUTE), settings, now: NOW + 30 * MINUTE, timeZone: 'UTC' }));
  });

  it('describes a quiet server\'s heartbeats and domains at the new time while their ranks stay the same', () => {
    const memo = new StatusMemo();
    const settings = settingsSchema.parse({});
    const alertState = initialAlertState();
    const connection = { id: 'work', name: 'Work', baseUrl: 'https://work.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true } as const;
    // Down already (pinged 3 h ago, every hour), and a domain 20 days from expiry: both keep their rank for days.
    const outcome = ok({ monitors: [monitor('1', 'up')], heartbeats: [heartbeat('h', 3 * HOUR, 3600)], domains: [domain('d', 20)] });
    const at = (now: number) => {
      const servers: ServerStatusInput[] = [{ connection: connectionView(connection, { token: undefined, alertState, warningDays: 3, now }), outcome, lastSnapshot: undefined, alertState }];
      const memoised = statusView({ servers, settings, now, timeZone: 'UTC', memo });
      expect(memoised).toEqual(statusView({ servers, settings, now, timeZone: 'UTC' }));
      return memoised;
    };
    const item = (view: ReturnType<typeof at>, key: string) => view.items.find((entry) => entry.key === key);
    const first = at(NOW);
    const later = at(NOW + 2 * HOUR);
    const days = at(NOW + 3 * DAY);
    expect(item(first, 'work/heartbeat:h')?.detail).toMatch(/last ping 3 h ago/u);
    expect(item(later, 'work/heartbeat:h')?.detail).toMatch(/last ping 5 h ago/u);
    expect(item(later, 'work/domain:d')?.detail).toBe(item(first, 'work/domain:d')?.detail);
    expect(item(days, 'work/domain:d')?.detail).toMatch(/^Expires in 17 days/u);
    expect(item(days, 'work/monitor:1')).toBe(item(first, 'work/monitor:1'));
  });
});
