import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreAlertState, type Alert, type SuppressionReason } from '../../../main/core/alerts/index.ts';
import { snoozedKeysArb, type Step } from './arbitraries.ts';
import { DAY, NOW } from './fixtures.ts';
import { alertRules, RulesRun } from './rules-fixtures.ts';
import { rulesArb, steadyRunArb as runArb } from './rules-arbitraries.ts';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];

const REASONS = new Set<SuppressionReason>(['quiet', 'maintenance', 'dependency', 'delay', 'flapping', 'snoozed', 'acknowledged', 'paused', 'topic-off', 'kind-off']);
const CLASSIC = new Set(['monitor-down', 'monitor-recovered', 'heartbeat-late', 'heartbeat-failed', 'heartbeat-recovered', 'domain-expiring', 'domain-expired']);

/** The run's polls with a restart wherever `restarts` says, then two polls a week later with the rules lifted
 * (no quiet hours, no maintenance): whatever was held or owed is due by then. */
function runWithRestarts(steps: readonly Step[], rules: Parameters<typeof alertRules>[0], restarts: readonly boolean[], choices: readonly Choice[] = []) {
  const run = new RulesRun(alertRules(rules), { tokenExpiresAt: NOW + 30 * DAY });
  steps.forEach((step, index) => {
    const choice = choices[index];
    const snoozes = (choice?.snoozed ?? []).map((key) => ({ key, until: step.now + 1 }));
    const acknowledgements = new Map((choice?.acknowledged ?? []).map((key) => [key, step.now]));
    run.poll(step.outcome, choice?.paused === true ? { pausedUntil: step.now + 1, snoozes, acknowledgements } : { snoozes, acknowledgements });
    if (restarts[index] === true) run.restart();
  });
  const last = steps.at(-1);
  const flushAt = (last?.now ?? NOW) + 7 * DAY;
  const lifted = new RulesRun(alertRules({ ...rules, quietHours: undefined, maintenance: [] }), { tokenExpiresAt: NOW + 30 * DAY }, run.state);
  const items = last?.outcome.ok === true ? last.outcome.snapshot : { monitors: [], heartbeats: [], domains: [] };
  const again = { monitors: items.monitors, heartbeats: items.heartbeats, domains: items.domains };
  lifted.poll({ ok: true, snapshot: { ...again, takenAt: flushAt, issues: [] } });
  lifted.poll({ ok: true, snapshot: { ...again, takenAt: flushAt + 1000, issues: [] } });
  return { polls: [...run.polls, ...lifted.polls], state: lifted.state };
}

const runsArb = fc.record({ steps: runArb, rules: rulesArb, restarts: fc.array(fc.boolean(), { maxLength: 12 }) });

/** The person's choices at one poll: paused (now and then) and some items snoozed or acknowledged, just for that poll. */
type Choice = { paused: boolean; snoozed: string[]; acknowledged: string[] };
const choicesArb: fc.Arbitrary<Choice[]> = fc.array(fc.record({ paused: fc.integer({ min: 0, max: 3 }).map((n) => n === 0), snoozed: snoozedKeysArb, acknowledged: snoozedKeysArb }), { maxLength: 12 });
const CHOICES = new Set<SuppressionReason>(['snoozed', 'acknowledged', 'paused', 'topic-off', 'kind-off']);
/** Reasons whose news is always told later (quiet hours end, flapping settles) unless a choice drops it then. */
const TOLD_LATER = new Set<SuppressionReason>(['quiet', 'flapping']);

describe('the rules: told once, never lost', () => {
  it('every change not told at once is listed once with its reason; what quiet hours held or flapping folded is told once or dropped by a choice once; nothing is told or included twice', () => {
    fc.assert(
      fc.property(runsArb, choicesArb, ({ steps, rules, restarts }, choices) => {
        const { polls } = runWithRestarts(steps, rules, restarts, choices);
        const told = new Set<string>();
        const suppressed = new Map<string, SuppressionReason>();
        // Changes dropped by a choice when the news standing for them was due (a summary, news owed, flapping).
        const droppedLater = new Map<string, SuppressionReason>();
        const included = new Map<string, number>();
        const changes = new Set<string>();
        for (const poll of polls) {
          for (const change of poll.changes) changes.add(change.id);
          const thisPoll = new Set(poll.changes.map(({ id }) => id));
          for (const { alert, reason } of poll.suppressed) {
            expect(REASONS.has(reason)).toBe(true);
            if (!thisPoll.has(alert.id)) {
              expect(CHOICES.has(reason)).toBe(true);
              for (const id of alert.includes ?? []) {
                expect(suppressed.has(id) || thisPoll.has(id)).toBe(true);
                expect(droppedLater.has(id)).toBe(false);
                droppedLater.set(id, reason);
              }
              continue;
            }
            expect(suppressed.has(alert.id)).toBe(false);
            suppressed.set(alert.id, reason);
          }
          for (const alert of poll.alerts) {
            expect(told.has(alert.id)).toBe(false);
            told.add(alert.id);
            for (const id of alert.includes ?? []) included.set(id, (included.get(id) ?? 0) + 1);
          }
        }
        for (const id of suppressed.keys()) {
          expect(changes.has(id)).toBe(true);
          expect(told.has(id)).toBe(false);
        }
        for (const [id, count] of included) {
          expect(count).toBe(1);
          expect(changes.has(id)).toBe(true);
        }
        for (const id of droppedLater.keys()) expect(included.has(id)).toBe(false);
        // Never silently lost: what quiet hours held and flapping folded is told once, or dropped by a choice once.
        for (const [id, reason] of suppressed) if (TOLD_LATER.has(reason)) expect((included.get(id) ?? 0) + (droppedLater.has(id) ? 1 : 0)).toBe(1);
        // The last poll repeats the one before: nothing left to tell.
        expect(polls.at(-1)?.alerts).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never tells the same news about an item twice in a row (one the person has not silenced per item)', () => {
    fc.assert(
      fc.property(runsArb, ({ steps, rules, restarts }) => {
        const { polls } = runWithRestarts(steps, rules, restarts);
        const lastNews = new Map<string, string>();
        const keyOf = (id: string) => id.split('|')[2] ?? '';
        const kindOf = (id: string) => id.split('|')[1] ?? '';
        const timeOf = (id: string) => Number(id.split('|')[3]);
        // When each item was last missing from a snapshot: news of it from before then is of an item since gone.
        const goneAt = new Map<string, number>();
        // Domains are told again on renewal or at a nearer threshold: properties.test.ts checks them.
        const tell = (key: string, kind: string) => {
          if (rules.itemRules.has(key) || !CLASSIC.has(kind) || key.startsWith('domain')) return;
          expect(lastNews.get(key)).not.toBe(kind);
          lastNews.set(key, kind);
        };
        for (const [index, poll] of polls.entries()) {
          // An item that went away and came back is news again (a summary may tell of it in the poll it went).
          const outcome = steps[index]?.outcome;
          const present = outcome?.ok === true ? new Set([...outcome.snapshot.monitors.map((m) => `monitor:${m.id}`), ...outcome.snapshot.heartbeats.map((h) => `heartbeat:${h.id}`)]) : undefined;
          const forgetGone = () => {
            for (const key of lastNews.keys()) if (present?.has(key) === false) lastNews.delete(key);
          };
          for (const key of ['monitor', 'heartbeat'].flatMap((kind) => ids.map((id) => `${kind}:${id}`))) {
            if (present?.has(key) === false) goneAt.set(key, steps[index]?.now ?? 0);
          }
          forgetGone();
          // Flapping changes are changes the person was told of in the flapping alert. A child that comes back while
          // its parent is still down (or gone) is not told: its story, told within the parent's, ends there.
          for (const { alert, reason } of poll.suppressed) {
            const childBack = reason === 'dependency' && kindOf(alert.id).endsWith('-recovered');
            if ((reason === 'flapping' || childBack) && alert.itemKey !== undefined) lastNews.delete(alert.itemKey);
          }
          for (const alert of poll.alerts as Alert[]) {
            // Children still down when their parent recovers are told so, though the parent's alert counted them.
            const afterParent = alert.id.endsWith('|dependency') || alert.id.includes('|dependents-of|');
            if (afterParent && alert.itemKey !== undefined) lastNews.delete(alert.itemKey);
            // A summary tells each item once, as its latest change left it.
            if (alert.kind === 'summary') {
              const current = (alert.includes ?? []).filter((id) => timeOf(id) >= (goneAt.get(keyOf(id)) ?? 0));
              const latest = new Map(current.map((id) => [keyOf(id), kindOf(id)]));
              for (const [key, kind] of latest) {
                // Its story in the summary may hold the opposite news before its latest.
                if (afterParent || current.some((id) => keyOf(id) === key && kindOf(id) !== kind)) lastNews.delete(key);
                tell(key, kind);
              }
            }
            else if (alert.kind === 'monitor-flapping' || alert.kind === 'monitor-settled') lastNews.delete(alert.itemKey ?? '');
            else if (alert.itemKey !== undefined) {
              // News breaking through quiet hours includes what was held of its item: the opposite news came with it.
              if ((alert.includes ?? []).some((id) => keyOf(id) === alert.itemKey && kindOf(id) !== alert.kind)) lastNews.delete(alert.itemKey);
              tell(alert.itemKey, alert.kind);
            }
          }
          forgetGone();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the state stays JSON round-trippable and restores to itself (unprimed)', () => {
    fc.assert(
      fc.property(runsArb, ({ steps, rules, restarts }) => {
        const { state } = runWithRestarts(steps.slice(0, -1), rules, restarts);
        const json = JSON.parse(JSON.stringify(state)) as unknown;
        expect(json).toStrictEqual(state);
        expect(restoreAlertState(json)).toStrictEqual({ ...state, primed: false, connection: { ...state.connection, failedPolls: 0 } });
      }),
    );
  });
});
