// fast-check arbitraries for the person's rules over the small id pool of arbitraries.ts: quiet schedules in
// several zones, maintenance windows (server-wide, per item, weekly) around the runs' times, an acyclic set of
// dependencies, delays, per-item kinds and a touchier flapping rule.
import fc from 'fast-check';
import type { MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import type { Weekday } from '../../../common/schedule/weekly-schedule.ts';
import type { AlertRules, ItemRule } from '../../../main/core/alerts/index.ts';
import { stepArb, type Step } from './arbitraries.ts';
import { failed, HOUR, NOW, ok } from './fixtures.ts';
import { alertRules } from './rules-fixtures.ts';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const kinds = ['monitor', 'heartbeat', 'domain'] as const;
const keyArb = fc.tuple(fc.constantFrom(...kinds), fc.constantFrom(...ids)).map(([kind, id]) => `${kind}:${id}`);
const wallTimeArb = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30)).map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
const daysArb = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((days) => days.sort() as Weekday[]);

const quietArb: fc.Arbitrary<AlertRules['quietHours']> = fc.option(
  fc.record({
    ranges: fc.array(fc.record({ days: daysArb, start: wallTimeArb, end: wallTimeArb }), { minLength: 1, maxLength: 3 }),
    timeZone: fc.constantFrom('Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata'),
    criticalBreaksThrough: fc.boolean(),
  }),
  { nil: undefined },
);

const maintenanceArb: fc.Arbitrary<MaintenanceRule[]> = fc.array(
  fc
    .record({
      item: fc.option(keyArb, { nil: undefined }),
      from: fc.integer({ min: -2 * HOUR, max: 12 * HOUR }),
      length: fc.option(fc.integer({ min: 1, max: 8 * HOUR }), { nil: undefined }),
      weekly: fc.option(fc.record({ days: daysArb, start: wallTimeArb, end: wallTimeArb }), { freq: 4, nil: undefined }),
    })
    .map(({ item, from, length, weekly }) => {
      const rule: MaintenanceRule = { from: NOW + from };
      if (item !== undefined) rule.item = item;
      if (length !== undefined) rule.until = NOW + from + length;
      if (weekly !== undefined) rule.repeat = { ...weekly, timezone: 'Europe/Berlin' };
      return rule;
    }),
  { maxLength: 3 },
);

/** Children depend on items earlier in the pool, so there is never a cycle. */
const dependenciesArb = fc
  .array(fc.tuple(keyArb, keyArb), { maxLength: 6 })
  .map((pairs) => new Map(pairs.filter(([child, parent]) => ids.indexOf(parent.split(':')[1] ?? '') < ids.indexOf(child.split(':')[1] ?? ''))));

const itemRuleArb: fc.Arbitrary<ItemRule> = fc.record(
  {
    delayMinutes: fc.constantFrom(0, 5, 45),
    tell: fc.record({ down: fc.boolean(), recovered: fc.boolean(), late: fc.boolean(), expiry: fc.boolean() }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

export const rulesArb: fc.Arbitrary<AlertRules> = fc
  .record({
    quietHours: quietArb,
    maintenance: maintenanceArb,
    dependencies: dependenciesArb,
    flapping: fc.constantFrom({ changes: 4, minutes: 15 }, { changes: 2, minutes: 180 }),
    delayMinutes: fc.constantFrom(0, 0, 10, 60),
    itemRules: fc.array(fc.tuple(keyArb, itemRuleArb), { maxLength: 3 }).map((entries) => new Map(entries)),
  })
  .map(({ quietHours, ...rest }) => alertRules(quietHours === undefined ? rest : { ...rest, quietHours }));

/** Polls with times strictly moving forward (alert ids name their moment: two polls in one millisecond could
 * share one). */
export const steadyRunArb: fc.Arbitrary<Step[]> = fc.array(stepArb, { minLength: 1, maxLength: 12 }).map((steps) => {
  let now = NOW;
  return steps.map((step, index) => {
    if (index > 0) now += Math.max(1000, step.advance);
    const outcome = step.failure === null ? ok(step.items(now), now) : failed(step.failure, now);
    return { outcome, now };
  });
});
