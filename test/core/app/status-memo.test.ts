// The status memo (status-memo.ts) against a build from scratch: over random servers, polls, snoozes, maintenance,
// dependencies, pauses and times, the status the runtime builds with its memo is exactly the one built afresh — a
// server without news keeps only what does not move with the clock, and its heartbeats' lateness, domains' days left
// and every word that depends on the time follow the time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialAlertState, type ActiveMaintenance, type AlertState } from '../../../main/core/alerts/index.ts';
import { connectionView } from '../../../main/core/app/connection-view.ts';
import { StatusMemo } from '../../../main/core/app/status-memo.ts';
import { statusView, type ServerStatusInput } from '../../../main/core/app/status-view.ts';
import type { PollOutcome, Snapshot } from '../../../main/core/model/snapshot.ts';
import { settingsSchema } from '../../../main/core/settings/settings-schema.ts';
import { DAY, domain, failed, heartbeat, HOUR, MINUTE, monitor, NOW, ok, SECOND } from '../alerts/fixtures.ts';

const serverIds = ['work', 'side', 'client'];
const ids = ['a', 'b', 'c', 'd'];

/** Items of every kind; heartbeats pinged at any millisecond up to hours before the poll, so words turn seconds. */
const itemsArb = fc
  .record({
    monitors: fc.array(fc.record({ id: fc.constantFrom(...ids), status: fc.constantFrom('up', 'down', 'unknown', undefined) }), { maxLength: 5 }),
    heartbeats: fc.array(
      fc.record({ id: fc.constantFrom(...ids), ago: fc.option(fc.integer({ min: -5 * SECOND, max: 3 * HOUR })), interval: fc.constantFrom(60, 3600, undefined) }),
      { maxLength: 5 },
    ),
    domains: fc.array(fc.record({ id: fc.constantFrom(...ids), days: fc.constantFrom(undefined, -1, 0, 1, 13, 29, 30, 100) }), { maxLength: 4 }),
  })
  .map((spec) => (at: number) => ({
    monitors: spec.monitors.map((entry) => monitor(entry.id, entry.status)),
    heartbeats: spec.heartbeats.map((entry) => heartbeat(entry.id, entry.ago ?? undefined, entry.interval ?? 3600, at, entry.interval === undefined ? { expected_interval: undefined } : {})),
    domains: spec.domains.map((entry) => domain(entry.id, entry.days, at)),
  }));

/** What is in maintenance: a few answers, each the same object while it holds (as `maintenanceAt` gives them). */
const maintenancePool: (ActiveMaintenance | undefined)[] = [
  undefined,
  { items: new Map([['monitor:a', { until: NOW + HOUR }], ['heartbeat:c', {}]]) },
  { everything: { until: NOW + 2 * HOUR }, items: new Map() },
  { items: new Map([['domain:a', {}], ['monitor:b', { until: NOW + 3 * HOUR }]]) },
];

/** What depends on what: none, monitors on a monitor, or parents whose state moves with the clock. */
const dependenciesPool: (ReadonlyMap<string, string> | undefined)[] = [
  undefined,
  new Map([['monitor:b', 'monitor:a'], ['heartbeat:a', 'monitor:a'], ['domain:b', 'monitor:c']]),
  new Map([['monitor:a', 'heartbeat:c'], ['domain:d', 'monitor:b'], ['monitor:c', 'domain:a']]),
];

const eventArb = fc.record({
  /** Which server polls before this build (none: a build without news, as on a snooze or a settings change). */
  server: fc.option(fc.constantFrom(0, 1, 2), { freq: 2 }),
  items: itemsArb,
  failure: fc.option(fc.constantFrom('unreachable' as const, 'unauthorized' as const), { freq: 4 }),
  /** From the same millisecond to days later: pings turn seconds and minutes old, heartbeats late, domains lose days. */
  advance: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 * SECOND }), fc.integer({ min: 0, max: 3 * MINUTE }), fc.integer({ min: 0, max: 3 * HOUR }), fc.integer({ min: 0, max: 2 * DAY })),
  snoozes: fc.uniqueArray(
    fc.record({
      server: fc.constantFrom(...serverIds),
      item: fc.constantFrom('monitor:a', 'monitor:b', 'heartbeat:a', 'heartbeat:c', 'domain:a', 'domain:d'),
      until: fc.oneof(fc.constant('resumed' as const), fc.integer({ min: -HOUR, max: 2 * HOUR })),
    }),
    { maxLength: 3, selector: (snooze) => `${snooze.server}/${snooze.item}` },
  ),
  /** A server whose maintenance changes before this build, and to which answer. */
  maintenance: fc.option(fc.tuple(fc.constantFrom(0, 1, 2), fc.nat(maintenancePool.length - 1)), { freq: 3 }),
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
        // Snoozes are set at the start: their ends come while time passes, without any news.
        const snoozeStart = NOW;
        for (const event of events) {
          now += event.advance;
          if (event.server !== null && event.server < count) {
            const outcome = event.failure === null ? ok(event.items(now), now) : failed(event.failure, now);
            outcomes[event.server] = outcome;
            alertStates[event.server] = initialAlertState();
            if (outcome.ok) last[event.server] = outcome.snapshot;
          }
          if (event.maintenance !== null) maintenance[event.maintenance[0]] = maintenancePool[event.maintenance[1]];
          const settings = settingsSchema.parse({
            snoozes: event.snoozes.map((snooze) => ({ key: `${snooze.server}/${snooze.item}`, until: snooze.until === 'resumed' ? 'resumed' : snoozeStart + snooze.until })),
            ...(event.paused ? { pausedUntil: now + HOUR } : {}),
          });
          const servers: ServerStatusInput[] = serverIds.slice(0, count).map((id, index) => {
            const connection = { id, name: id, baseUrl: `https://${id}.example/api`, kind: 'remote', enabled: true } as const;
            const alertState = alertStates[index] as AlertState;
            return {
              connection: connectionView(connection, { token: undefined, alertState, warningDays: 3, now }),
              outcome: outcomes[index],
              lastSnapshot: last[index],
              alertState,
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
    const connection = { id: 'work', name: 'Work', baseUrl: 'https://work.example/api', kind: 'remote', enabled: true } as const;
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
    const connection = { id: 'work', name: 'Work', baseUrl: 'https://work.example/api', kind: 'remote', enabled: true } as const;
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
