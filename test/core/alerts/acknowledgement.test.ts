// "I'm on it" (main/core/alerts/acknowledgement.ts and the 'acknowledged' stage of alert-stages.ts): an acknowledged
// item gets no news while it stays a problem, its recovery is told once, and the poll that sees it well ends it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultAlertRules, evaluatePoll, initialAlertState, isRecoveryNews, type Alert, type AlertState, type PollContext } from '../../../main/core/alerts/index.ts';
import type { PollOutcome } from '../../../main/core/model/snapshot.ts';
import { context, failed, heartbeat, HOUR, MINUTE, monitor, NOW, ok } from './fixtures.ts';

const API = 'monitor:a';

/** One poll as the session runs it: the acknowledgements given, and those the poll ended taken away. */
function poll(state: AlertState, outcome: PollOutcome, acknowledged: Map<string, number>, overrides: Partial<PollContext> = {}) {
  const now = outcome.ok ? outcome.snapshot.takenAt : outcome.at;
  const result = evaluatePoll(state, outcome, context({ now, acknowledgements: new Map(acknowledged), ...overrides }));
  for (const key of result.acknowledgementsEnded) acknowledged.delete(key);
  return result;
}

const titles = (alerts: readonly Alert[]) => alerts.map((alert) => alert.title);

describe('an acknowledged item', () => {
  it('gets no "still down" after maintenance and no worse news, tells its recovery once, and then is news again', () => {
    const acknowledged = new Map<string, number>();
    // A heartbeat last pinged 70 min before NOW, every hour: late from the start; `failed`: its latest run failed.
    const backup = (at: number, failed: boolean) => heartbeat('h', at - (NOW - 70 * MINUTE), 3600, at, failed ? { last_outcome: 'failed', last_exit_code: 2 } : {});
    const at = (minutes: number, status: string, failed = false) => ok({ monitors: [monitor('a', status)], heartbeats: [backup(NOW + minutes * MINUTE, failed)] }, NOW + minutes * MINUTE);
    let state = evaluatePoll(initialAlertState(), at(0, 'up'), context()).state;
    // Down, told; then both acknowledged.
    let result = poll(state, at(1, 'down'), acknowledged);
    expect(titles(result.alerts)).toEqual([expect.stringMatching(/Monitor a is down/)]);
    state = result.state;
    acknowledged.set(API, NOW + 2 * MINUTE);
    acknowledged.set('heartbeat:h', NOW + 2 * MINUTE);

    // A maintenance window on the monitor, over by the next poll while it is still down: no "still down after maintenance".
    const window: Partial<PollContext> = { rules: { ...defaultAlertRules, maintenance: [{ item: API, from: NOW + 2 * MINUTE, until: NOW + 4 * MINUTE }] } };
    result = poll(state, at(3, 'down'), acknowledged, window);
    expect(result.state.owed.map(({ about }) => about.key)).toEqual([API]);
    state = result.state;
    result = poll(state, at(5, 'down'), acknowledged, window);
    expect(result.alerts).toEqual([]);
    expect(result.suppressed.map(({ alert, reason }) => [alert.title, reason])).toEqual([[expect.stringMatching(/Monitor a is still down/), 'acknowledged']]);
    expect(acknowledged.has(API)).toBe(true);
    state = result.state;

    // The late heartbeat's run fails: worse, and not told.
    result = poll(state, at(6, 'down', true), acknowledged);
    expect(result.alerts).toEqual([]);
    expect(result.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['heartbeat-failed', 'acknowledged']]);
    state = result.state;

    // The monitor's recovery is told, once, and ends its acknowledgement (the heartbeat's stays: still a problem).
    result = poll(state, at(7, 'up', true), acknowledged);
    expect(titles(result.alerts)).toEqual([expect.stringMatching(/Monitor a is back up/)]);
    expect(result.acknowledgementsEnded).toEqual([API]);
    expect([...acknowledged.keys()]).toEqual(['heartbeat:h']);
    state = result.state;

    // A later failure is news again.
    result = poll(state, at(8, 'down', true), acknowledged);
    expect(titles(result.alerts)).toEqual([expect.stringMatching(/Monitor a is down/)]);
  });

  it('is not ended by a poll that fails, nor by one that cannot see it well', () => {
    const acknowledged = new Map([[API, NOW]]);
    const state = evaluatePoll(initialAlertState(), ok({ monitors: [monitor('a', 'down')] }), context()).state;
    expect(poll(state, failed('unreachable', NOW + MINUTE), acknowledged).acknowledgementsEnded).toEqual([]);
    expect(poll(state, ok({ monitors: [monitor('a', 'unknown')] }, NOW + MINUTE), acknowledged).acknowledgementsEnded).toEqual([]);
    // Gone from the server: nothing left to be on.
    expect(poll(state, ok({ monitors: [] }, NOW + 2 * MINUTE), acknowledged).acknowledgementsEnded).toEqual([API]);
  });

  it('lets through only news that an item is well again', () => {
    expect(isRecoveryNews({ kind: 'monitor-recovered', severity: 'info' })).toBe(true);
    expect(isRecoveryNews({ kind: 'heartbeat-recovered', severity: 'info' })).toBe(true);
    expect(isRecoveryNews({ kind: 'monitor-settled', severity: 'info' })).toBe(true);
    expect(isRecoveryNews({ kind: 'monitor-settled', severity: 'critical' })).toBe(false);
    expect(isRecoveryNews({ kind: 'heartbeat-late', severity: 'critical' })).toBe(false);
    expect(isRecoveryNews({ kind: 'connection-restored', severity: 'info' })).toBe(false);
  });
});

describe('acknowledgement (property)', () => {
  const statuses = ['up', 'down', 'unknown'] as const;
  const stepArb = fc.record({
    a: fc.constantFrom(...statuses, 'gone' as const),
    others: fc.array(fc.constantFrom(...statuses), { minLength: 4, maxLength: 4 }),
    failure: fc.boolean(),
    // Acknowledge monitor a after this poll when it is down and not acknowledged yet.
    acknowledge: fc.boolean(),
    advance: fc.integer({ min: 0, max: HOUR }),
  });
  // Flapping folds a monitor's ups and downs into its own story; it is off here so each recovery is its own news.
  const rules = { ...defaultAlertRules, flapping: { changes: 1000, minutes: 15 } };

  it('an acknowledged item tells nothing while it stays a problem, and its recovery exactly once, which ends it', () => {
    let recoveries = 0;
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 2, maxLength: 16 }), (steps) => {
        const acknowledged = new Map<string, number>();
        const changes = new Map<string, Alert>();
        let state = initialAlertState();
        let now = NOW;
        /** Whether a's down had been told when it was acknowledged; then its recovery is owed to the person. */
        let downTold = false;
        for (const step of steps) {
          now += step.advance;
          const items = {
            monitors: [...(step.a === 'gone' ? [] : [monitor('a', step.a)]), ...step.others.map((status, index) => monitor(`o${index}`, status))],
          };
          const wasAcknowledged = acknowledged.has(API);
          const result = evaluatePoll(state, step.failure ? failed('unreachable', now) : ok(items, now), context({ now, rules, acknowledgements: new Map(acknowledged) }));
          for (const change of result.changes) changes.set(change.id, change);
          // Every change told in this poll, told alone or in a summary.
          const told = result.alerts.flatMap((alert) => [alert.id, ...(alert.includes ?? [])]).flatMap((id) => changes.get(id) ?? []);
          const aboutA = told.filter((alert) => alert.itemKey === API);
          const ended = result.acknowledgementsEnded.includes(API);
          if (wasAcknowledged) {
            // Nothing but its recovery, and that only in the poll that ends it.
            for (const alert of aboutA) expect(isRecoveryNews(alert)).toBe(true);
            if (!ended) expect(aboutA).toEqual([]);
            // Well again (up) after a down that was told: its recovery is told, exactly once.
            if (ended && downTold && !step.failure && step.a === 'up') {
              expect(aboutA).toHaveLength(1);
              recoveries++;
            }
            if (ended) acknowledged.delete(API);
          } else {
            expect(ended).toBe(false);
          }
          state = result.state;
          if (!acknowledged.has(API) && step.acknowledge && !step.failure && step.a === 'down') {
            acknowledged.set(API, now);
            downTold = Object.hasOwn(state.monitors, API);
          }
        }
      }),
      { numRuns: 400 },
    );
    // Enough runs reach a told recovery for the property to mean something.
    expect(recoveries).toBeGreaterThan(20);
  });
});
