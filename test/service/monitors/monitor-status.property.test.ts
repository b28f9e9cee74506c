import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialMonitorState, nextStatus, type MonitorState, type StatusChange } from '../../../service/monitors/monitor-status.ts';

const outcomes = fc.array(fc.boolean(), { maxLength: 60 });
const confirmations = fc.integer({ min: 1, max: 6 });

function walk(results: boolean[], n: number): { states: MonitorState[]; changes: (StatusChange | undefined)[] } {
  const states: MonitorState[] = [initialMonitorState];
  const changes: (StatusChange | undefined)[] = [];
  for (const ok of results) {
    const previous = states[states.length - 1] ?? initialMonitorState;
    const { change, ...next } = nextStatus(previous, ok, n);
    states.push(next);
    changes.push(change);
  }
  return { states, changes };
}

describe('nextStatus invariants', () => {
  it('is never down with fewer than N consecutive failures', () => {
    fc.assert(
      fc.property(outcomes, confirmations, (results, n) => {
        for (const current of walk(results, n).states) {
          if (current.status === 'down') expect(current.consecutiveFailures).toBeGreaterThanOrEqual(n);
        }
      }),
    );
  });

  it('counts the trailing run of failures exactly', () => {
    fc.assert(
      fc.property(outcomes, confirmations, (results, n) => {
        const { states } = walk(results, n);
        const trailing = results.length - 1 - results.lastIndexOf(true);
        expect(states[states.length - 1]?.consecutiveFailures).toBe(trailing);
      }),
    );
  });

  it('matches the reference: down iff ≥ N trailing failures; else up iff any success; else unknown', () => {
    fc.assert(
      fc.property(outcomes, confirmations, (results, n) => {
        const { states } = walk(results, n);
        const trailing = results.length - 1 - results.lastIndexOf(true);
        const expected = trailing >= n ? 'down' : results.includes(true) ? 'up' : 'unknown';
        expect(states[states.length - 1]?.status).toBe(expected);
      }),
    );
  });

  it('announces a change only when the status changes, to down, or from down to up', () => {
    fc.assert(
      fc.property(outcomes, confirmations, (results, n) => {
        const { states, changes } = walk(results, n);
        changes.forEach((change, index) => {
          const before = states[index]?.status;
          const after = states[index + 1]?.status;
          const expected = after === 'down' && before !== 'down' ? 'down' : before === 'down' && after === 'up' ? 'up' : undefined;
          expect(change).toBe(expected);
          if (change !== undefined) expect(change).toBe(after);
        });
      }),
    );
  });

  it('alternates announcements, starting with down', () => {
    fc.assert(
      fc.property(outcomes, confirmations, (results, n) => {
        const announced = walk(results, n).changes.filter((change) => change !== undefined);
        announced.forEach((change, index) => expect(change).toBe(index % 2 === 0 ? 'down' : 'up'));
      }),
    );
  });

  it('always reaches up on a success and never goes back to unknown', () => {
    fc.assert(
      fc.property(
        fc.record({ status: fc.constantFrom('up', 'down', 'unknown'), consecutiveFailures: fc.nat(20) }),
        fc.boolean(),
        confirmations,
        (current: MonitorState, ok, n) => {
          const next = nextStatus(current, ok, n);
          if (ok) expect(next).toMatchObject({ status: 'up', consecutiveFailures: 0 });
          if (current.status !== 'unknown') expect(next.status).not.toBe('unknown');
        },
      ),
    );
  });
});
