import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultAlertPreferences, initialAlertState } from '../../../main/core/alerts/index.ts';
import { healthRank } from '../../../main/core/health/index.ts';
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
        fc.constantFrom(undefined, 'resumed-manually' as const, NOW + 3_600_000),
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

  it('items are worst first, snoozed last, capped with a correct "and N more"', () => {
    fc.assert(
      fc.property(itemsArb, snoozedKeysArb, fc.integer({ min: 1, max: 12 }), (items, keys, maxItems) => {
        const snoozes = keys.map((key) => ({ key, until: 'resumed' as const }));
        const input = { ...base, snoozes, timeZone: 'UTC' };
        const tray = trayModel({ ...input, outcome: ok(items(NOW)), maxItems });
        const all = trayModel({ ...input, outcome: ok(items(NOW)), maxItems: 1000 }).items;
        expect(tray.items.length).toBeLessThanOrEqual(maxItems);
        const listed = tray.items.flatMap((item) => (item.type === 'item' ? [item] : []));
        const rank = (item: (typeof listed)[number]) => (item.snoozedUntil === undefined ? 0 : 4) + healthRank(item.health);
        for (let index = 1; index < listed.length; index++) {
          const [before, after] = [listed[index - 1], listed[index]];
          if (before !== undefined && after !== undefined) expect(rank(before)).toBeLessThanOrEqual(rank(after));
        }
        const more = tray.items.find((item) => item.type === 'more');
        expect(listed.length + (more?.type === 'more' ? more.count : 0)).toBe(all.length);
        expect(listed).toEqual(all.slice(0, listed.length));
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
