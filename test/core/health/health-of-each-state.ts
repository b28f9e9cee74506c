// The health each state of an item kind stands for, one test per state. The expectation is a record over the kind's
// states, so a state added to the type and forgotten here is a compile error rather than a case nobody tests.
import { expect, it } from 'vitest';
import type { Health } from '../../../main/core/health/index.ts';

export function itGivesEachStateItsHealth<State extends string>(healthOf: (state: State) => Health, expected: Record<State, Health>): void {
  it.each(Object.entries<Health>(expected))('%s is %s', (state, health) => {
    expect(healthOf(state as State)).toBe(health);
  });
}
