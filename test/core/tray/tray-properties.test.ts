import type { ConnectionKind } from '../../../common/ipc/connection-kinds.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultAlertPreferences, initialAlertState } from '../../../main/core/alerts/index.ts';
import { assessSnapshot } from '../../../main/core/health/index.ts';
import type { PollOutcome } from '../../../main/core/model/snapshot.ts';
import { MAX_TOOLTIP_LENGTH, serverTray, trayModel, trayTooltip, worstLevel, type ServerTrayInput, type TooltipSituation, type TrayCounts } from '../../../main/core/tray/index.ts';
import { itemsArb, snoozedKeysArb } from '../alerts/arbitraries.ts';
import { failed, NOW, ok, snapshot } from '../alerts/fixtures.ts';

const count = fc.nat(100_000);
const base = { server: { id: 'c', name: 'C' }, alertState: initialAlertState(), preferences: defaultAlertPreferences, now: NOW };
const countsArb: fc.Arbitrary<TrayCounts> = fc.array(count, { minLength: 23, maxLength: 23 }).map(([a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0, k = 0, l = 0, m = 0, n = 0, o = 0, p = 0, q = 0, r = 0, s = 0, t = 0, u = 0, v = 0, w = 0]) => ({
  monitors: { up: a, down: b, unknown: c },
  heartbeats: { up: d, waiting: e, late: f, down: g, failed: o, unknown: h },
  domains: { ok: i, expiring: j, expired: k, unknown: l },
  sources: { ok: q, degraded: r, pending: s, late: t, down: u, firing: v, unknown: w },
  snoozed: m,
  inMaintenance: n,
  acknowledged: p,
}));
const situationArb = fc.constantFrom<TooltipSituation>('not-polled', 'offline', 'signed-out', 'setup', 'data');
// "servers and sources" is the longest word for what they are.
const kindArb = fc.constantFrom<ConnectionKind>('vigil', 'statuspage', 'uptime-kuma');

/** One server's part of the tray over a snapshot, as its only server. */
function alone(input: Omit<ServerTrayInput, 'server' | 'alertState' | 'preferences' | 'now'>, maxItems?: number) {
  const own = serverTray({ ...base, ...input });
  return { ...own, ...trayModel({ servers: [own], now: NOW, timeZone: 'UTC', locale: 'en-GB', ...(maxItems === undefined ? {} : { maxItems }) }) };
}

describe('tray properties', () => {
  it('the tooltip fits in 127 UTF-16 units whatever the servers, names and counts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string({ unit: 'grapheme', maxLength: 300 }), kind: kindArb, situation: situationArb, counts: countsArb }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(undefined, 'resumed' as const, NOW + 3_600_000),
        fc.option(fc.integer({ min: 0, max: NOW }), { nil: undefined }),
        // The computer's locale: a 12-hour clock with a year makes the longest "last checked".
        fc.constantFrom('en-GB', 'en-US', 'de-DE'),
        (servers, pausedUntil, lastSuccessfulPollAt, locale) => {
          const tooltip = trayTooltip({
            servers,
            pausedUntil,
            lastSuccessfulPollAt,
            now: NOW,
            timeZone: 'UTC',
            locale,
          });
          expect(tooltip.length).toBeLessThanOrEqual(MAX_TOOLTIP_LENGTH);
          expect(tooltip.startsWith('Vigil — ')).toBe(true);
          expect(tooltip.isWellFormed()).toBe(true);
          if (lastSuccessfulPollAt !== undefined) expect(tooltip).toMatch(/ · last checked .*\d:\d\d( [AP]M)?$/);
        },
      ),
    );
  });

  it('the menu lists the problems worst first and snoozed items last, in the server\'s order otherwise, capped with a correct "and N more"', () => {
    const worstFirst = ['critical', 'warning', 'unknown', 'ok'];
    fc.assert(
      fc.property(itemsArb, snoozedKeysArb, fc.integer({ min: 1, max: 12 }), (items, keys, maxItems) => {
        const snoozes = keys.map((key) => ({ key, until: 'resumed' as const }));
        const snapshotItems = items(NOW);
        const tray = alone({ snoozes, outcome: ok(snapshotItems) }, maxItems);
        // The expectation, worked out here on its own: every item not OK or snoozed, sorted on (snoozed, health),
        // ties in the order the server listed monitors, heartbeats, then domains.
        const judged = assessSnapshot(snapshot(snapshotItems), { now: NOW, graceSeconds: base.preferences.heartbeatGraceSeconds, thresholds: base.preferences.thresholds, waitingSince: {} });
        const expected = judged
          .map((item, order) => ({ key: item.key, order, snoozed: keys.includes(item.key), severity: worstFirst.indexOf(item.health) }))
          .filter((item) => item.snoozed || item.severity < worstFirst.indexOf('ok'))
          .sort((a, b) => Number(a.snoozed) - Number(b.snoozed) || a.severity - b.severity || a.order - b.order)
          .map((item) => `c/${item.key}`);
        const shown = expected.length <= maxItems ? expected.length : maxItems - 1;
        expect(tray.items.flatMap((item) => (item.type === 'item' ? [item.key] : []))).toEqual(expected.slice(0, shown));
        const more = tray.items.filter((item) => item.type === 'more');
        expect(more).toEqual(shown === expected.length ? [] : [{ type: 'more', count: expected.length - shown, label: `and ${expected.length - shown} more` }]);
      }),
    );
  });

  it('the level is the worst health among unsnoozed items, and counts add up to them', () => {
    fc.assert(
      fc.property(itemsArb, snoozedKeysArb, (items, keys) => {
        const snapshotItems = items(NOW);
        const snoozes = keys.map((key) => ({ key, until: 'resumed' as const }));
        const tray = alone({ outcome: ok(snapshotItems), snoozes });
        const { monitors, heartbeats, domains, snoozed } = tray.counts;
        const total = snapshotItems.monitors.length + snapshotItems.heartbeats.length + snapshotItems.domains.length;
        const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
        expect(sum(monitors) + sum(heartbeats) + sum(domains) + snoozed).toBe(total);
        const critical = monitors.down + heartbeats.down + heartbeats.failed + domains.expired > 0;
        const warning = monitors.unknown + heartbeats.late + domains.expiring > 0;
        expect(tray.level).toBe(critical ? 'critical' : warning ? 'warning' : 'ok');
        // A failed poll keeps the last snapshot's counts but shows the connection as offline.
        const offline = alone({ outcome: failed('timeout'), lastSnapshot: snapshot(snapshotItems), snoozes });
        expect(offline.level).toBe('offline');
        expect(offline.counts).toEqual(tray.counts);
      }),
    );
  });

  it('the roll-up over several servers is the worst of their own roll-ups, whatever their order', () => {
    const serverArb = fc.record({
      items: itemsArb,
      failure: fc.option(fc.constantFrom('unreachable', 'unauthorized', 'not-found', 'rate-limited' as const), { freq: 3 }),
      polled: fc.boolean(),
      snoozes: snoozedKeysArb,
    });
    fc.assert(
      fc.property(fc.array(serverArb, { minLength: 1, maxLength: 5 }), fc.boolean(), (specs, paused) => {
        const parts = specs.map((spec, index) => {
          const items = spec.items(NOW);
          const outcome: PollOutcome | undefined = !spec.polled ? undefined : spec.failure === null ? ok(items) : failed(spec.failure);
          return serverTray({ ...base, server: { id: `s${index}`, name: `S${index}` }, outcome, lastSnapshot: snapshot(items), snoozes: spec.snoozes.map((key) => ({ key, until: 'resumed' as const })) });
        });
        const combined = trayModel({ servers: parts, now: NOW, ...(paused ? { pausedUntil: 'resumed' as const } : {}) });
        // Each server's own roll-up, as if it were the only one.
        const own = parts.map((part) => trayModel({ servers: [part], now: NOW }).level);
        const worstLast = ['ok', 'unknown', 'warning', 'offline', 'critical'];
        const expected = own.reduce((worst, level) => (worstLast.indexOf(level) > worstLast.indexOf(worst) ? level : worst), 'ok');
        expect(combined.level).toBe(paused ? 'paused' : expected);
        expect(trayModel({ servers: [...parts].reverse(), now: NOW }).level).toBe(expected);
        expect(worstLevel(parts.map((part) => part.level))).toBe(expected);
        // Every item of every server is in the combined list once, under its own server.
        expect(combined.ranked.length).toBe(parts.reduce((sum, part) => sum + part.ranked.length, 0));
      }),
    );
  });
});
