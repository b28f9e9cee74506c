import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultAlertPreferences, initialAlertState } from '../../../main/core/alerts/index.ts';
import { assessSnapshot } from '../../../main/core/health/index.ts';
import { MAX_TOOLTIP_LENGTH, trayModel, trayTooltip, type TooltipSituation } from '../../../main/core/tray/index.ts';
import { itemsArb, snoozedKeysArb } from '../alerts/arbitraries.ts';
import { failed, NOW, ok, snapshot } from '../alerts/fixtures.ts';

const count = fc.nat(100_000);
const base = { connectionName: 'C', alertState: initialAlertState(), preferences: defaultAlertPreferences, now: NOW };

describe('tray properties', () => {
  it('the tooltip fits in 127 UTF-16 units whatever the name and counts', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.constantFrom<TooltipSituation>('not-polled', 'offline', 'signed-out', 'setup', 'data'),
        fc.array(count, { minLength: 13, maxLength: 13 }),
        fc.constantFrom(undefined, 'resumed' as const, NOW + 3_600_000),
        fc.option(fc.integer({ min: 0, max: NOW }), { nil: undefined }),
        (name, situation, numbers, pausedUntil, lastSuccessfulPollAt) => {
          const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0, k = 0, l = 0, m = 0] = numbers;
          const tooltip = trayTooltip({
            connectionName: name,
            situation,
            counts: {
              monitors: { up: a, down: b, unknown: c },
              heartbeats: { up: d, waiting: e, late: f, down: g, unknown: h },
              domains: { ok: i, expiring: j, expired: k, unknown: l },
              snoozed: m,
            },
            pausedUntil,
            lastSuccessfulPollAt,
            now: NOW,
            timeZone: 'UTC',
          });
          expect(tooltip.length).toBeLessThanOrEqual(MAX_TOOLTIP_LENGTH);
          expect(tooltip.startsWith('Vigil — ')).toBe(true);
          expect(tooltip.isWellFormed()).toBe(true);
          if (lastSuccessfulPollAt !== undefined) expect(tooltip).toMatch(/ · last checked .*\d\d:\d\d$/);
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
        const tray = trayModel({ ...base, snoozes, timeZone: 'UTC', outcome: ok(snapshotItems), maxItems });
        // The expectation, worked out here on its own: every item not OK or snoozed, sorted on (snoozed, health),
        // ties in the order the server listed monitors, heartbeats, then domains.
        const judged = assessSnapshot(snapshot(snapshotItems), { now: NOW, graceSeconds: base.preferences.heartbeatGraceSeconds, thresholds: base.preferences.thresholds, waitingSince: {} });
        const expected = judged
          .map((item, order) => ({ key: item.key, order, snoozed: keys.includes(item.key), severity: worstFirst.indexOf(item.health) }))
          .filter((item) => item.snoozed || item.severity < worstFirst.indexOf('ok'))
          .sort((a, b) => Number(a.snoozed) - Number(b.snoozed) || a.severity - b.severity || a.order - b.order)
          .map((item) => item.key);
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
        const tray = trayModel({ ...base, outcome: ok(snapshotItems), snoozes });
        const { monitors, heartbeats, domains, snoozed } = tray.counts;
        const total = snapshotItems.monitors.length + snapshotItems.heartbeats.length + snapshotItems.domains.length;
        const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
        expect(sum(monitors) + sum(heartbeats) + sum(domains) + snoozed).toBe(total);
        const critical = monitors.down + heartbeats.down + domains.expired > 0;
        const warning = monitors.unknown + heartbeats.late + domains.expiring > 0;
        expect(tray.level).toBe(critical ? 'critical' : warning ? 'warning' : 'ok');
        // A failed poll keeps the last snapshot's counts but shows the connection as offline.
        const offline = trayModel({ ...base, outcome: failed('timeout'), lastSnapshot: snapshot(snapshotItems), snoozes });
        expect(offline.level).toBe('offline');
        expect(offline.counts).toEqual(tray.counts);
      }),
    );
  });
});
