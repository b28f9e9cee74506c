import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextOccurrence, PhasePlanner, slotsIn, type Phase } from '../../../service/scheduler/phase-planner.ts';
import { seededRandom } from './scheduler-fixtures.ts';

/** How many of the phases fall in each second of the period. */
function perSecond(phases: Phase[], periodMs: number): number[] {
  const counts = Array.from({ length: Math.ceil(periodMs / 1_000) }, () => 0);
  for (const { offsetMs } of phases) {
    const second = Math.floor(offsetMs / 1_000);
    counts[second] = (counts[second] ?? 0) + 1;
  }
  return counts;
}

describe('PhasePlanner', () => {
  it('cuts periods into seconds, at least one slot and at most a day’s', () => {
    expect(slotsIn(30_000)).toBe(30);
    expect(slotsIn(7_000)).toBe(7);
    expect(slotsIn(400)).toBe(1);
    expect(slotsIn(86_400_000)).toBe(86_400);
    expect(slotsIn(60 * 86_400_000)).toBe(86_400);
  });

  it('spreads 10,000 phases of 30 s over the seconds of the period: 333 or 334 in each', () => {
    const planner = new PhasePlanner(seededRandom(1));
    const phases = Array.from({ length: 10_000 }, () => planner.place(30_000));
    for (const { offsetMs, slot } of phases) {
      expect(Number.isInteger(offsetMs)).toBe(true);
      expect(Math.floor(offsetMs / 1_000)).toBe(slot);
    }
    const counts = perSecond(phases, 30_000);
    expect(Math.min(...counts)).toBe(333);
    expect(Math.max(...counts)).toBe(334);
  });

  it('counts each period on its own, and fills the gaps removals leave first', () => {
    const planner = new PhasePlanner(seededRandom(2));
    const minute = Array.from({ length: 600 }, () => planner.place(60_000));
    const halfMinute = Array.from({ length: 300 }, () => planner.place(30_000));
    expect(perSecond(halfMinute, 30_000).every((count) => count === 10)).toBe(true);
    const gone = minute.filter(({ slot }) => slot < 6);
    expect(gone).toHaveLength(60);
    for (const phase of gone) planner.release(phase);
    const refill = Array.from({ length: 60 }, () => planner.place(60_000));
    expect(refill.every(({ slot }) => slot < 6)).toBe(true);
    const kept = minute.filter(({ slot }) => slot >= 6);
    expect(perSecond([...kept, ...refill], 60_000).every((count) => count === 10)).toBe(true);
  });

  it('forgets a period once its last phase is released', () => {
    const planner = new PhasePlanner(seededRandom(3));
    for (let round = 0; round < 1_000; round += 1) planner.release(planner.place(30_000));
    const phases = Array.from({ length: 30 }, () => planner.place(30_000));
    expect(perSecond(phases, 30_000).every((count) => count === 1)).toBe(true);
  });

  it('gives phases that come round once per period, at or after the time asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 86_400 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
        (seconds, position, notBefore) => {
          const periodMs = seconds * 1_000;
          const phase = { periodMs, slot: 0, offsetMs: Math.floor(position * periodMs) };
          const at = nextOccurrence(phase, notBefore);
          expect(at).toBeGreaterThanOrEqual(notBefore);
          expect(at).toBeLessThan(notBefore + periodMs);
          expect(at % periodMs).toBe(phase.offsetMs);
        },
      ),
    );
  });
});
