// The rules as one ordered list of stages (main/core/alerts/alert-stages.ts): a stage added in the middle leaves the
// decisions of the stages above it as they were, so a new rule's place in the list is all that decides what it can
// change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALERT_STAGES, evaluatePoll, initialAlertState, type Decision, type Moment, type News, type PollEvaluation, type Stage } from '../../../main/core/alerts/index.ts';
import { snoozedKeysArb } from './arbitraries.ts';
import { context } from './fixtures.ts';
import { rulesArb, steadyRunArb } from './rules-arbitraries.ts';

const noOp: Stage = { name: 'test: no-op', decide: () => undefined };
const alwaysTell: Stage = { name: 'test: always tell', decide: () => ({ verdict: 'tell', reason: 'due' }) };

function insertedAt(index: number, stage: Stage): Stage[] {
  return [...ALERT_STAGES.slice(0, index), stage, ...ALERT_STAGES.slice(index)];
}

/** The first stage down `stages` with a decision, and that decision. */
function decided(stages: readonly Stage[], news: News, moment: Moment): { at: number; decision: Decision } {
  for (const [at, stage] of stages.entries()) {
    const decision = stage.decide(news, moment);
    if (decision !== undefined) return { at, decision };
  }
  throw new Error('The last stage always decides.');
}

/** A place strictly inside the list: after the first stage, before the last. */
const middleArb = fc.integer({ min: 1, max: ALERT_STAGES.length - 1 });
type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never;
const runArb = fc.record({ steps: steadyRunArb, rules: rulesArb, snoozed: fc.array(snoozedKeysArb, { maxLength: 12 }), paused: fc.array(fc.boolean(), { maxLength: 12 }) });

/** The run's polls, evaluated by `stages`. */
function play({ steps, rules, snoozed, paused }: Run, stages: readonly Stage[]): PollEvaluation[] {
  let state = initialAlertState();
  return steps.map((step, index) => {
    const snoozes = (snoozed[index] ?? []).map((key) => ({ key, until: step.now + 1 }));
    const choices = paused[index] === true ? { snoozes, pausedUntil: step.now + 1 } : { snoozes };
    const poll = evaluatePoll(state, step.outcome, context({ now: step.now, rules, ...choices }), stages);
    state = poll.state;
    return poll;
  });
}

describe('the stages of the rules', () => {
  it('a no-op stage inserted in the middle changes nothing: the same alerts, the same reasons, the same state', () => {
    fc.assert(
      fc.property(runArb, middleArb, (run, at) => {
        expect(play(run, insertedAt(at, noOp))).toStrictEqual(play(run, ALERT_STAGES));
      }),
      { numRuns: 150 },
    );
  });

  it('an "always tell" stage inserted in the middle leaves every decision of the stages above it as it was; what reached it is told', () => {
    fc.assert(
      fc.property(runArb, middleArb, (run, at) => {
        const changed = insertedAt(at, alwaysTell);
        // Every piece of news the default list judges, judged again by the changed list at that moment (the moment does
        // not change while a poll is judged), by a first stage that otherwise decides as the first stage does.
        const [first, ...rest] = ALERT_STAGES;
        if (first === undefined) throw new Error('No stages.');
        const watching: Stage = {
          name: first.name,
          decide(news, moment) {
            const before = decided(ALERT_STAGES, news, moment);
            const after = decided(changed, news, moment);
            if (before.at < at) expect(after).toStrictEqual(before);
            else expect(after).toStrictEqual({ at, decision: { verdict: 'tell', reason: 'due' } });
            return first.decide(news, moment);
          },
        };
        play(run, [watching, ...rest]);
      }),
      { numRuns: 200 },
    );
  });
});
