import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotLoads } from '../../../service/scheduler/slot-loads.ts';

/** The slot a pick selects, worked out on a plain array: the floor(pick · n)-th of the n least-loaded slots. */
function expectedLeast(loads: number[], pick: number): { slot: number; load: number } {
  const load = Math.min(...loads);
  const least = loads.flatMap((each, slot) => (each === load ? [slot] : []));
  return { slot: least[Math.min(least.length - 1, Math.floor(pick * least.length))] ?? -1, load };
}

describe('SlotLoads', () => {
  it('agrees with a plain array over any adds and removals', () => {
    const operation = fc.record({ slot: fc.nat(), add: fc.boolean(), pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(operation, { maxLength: 300 }), (size, operations) => {
        const loads = new SlotLoads(size);
        const plain = Array.from({ length: size }, () => 0);
        for (const { slot: anySlot, add, pick } of operations) {
          const slot = anySlot % size;
          if (add || plain[slot] === 0) {
            loads.add(slot, 1);
            plain[slot] = (plain[slot] ?? 0) + 1;
          } else {
            loads.add(slot, -1);
            plain[slot] = (plain[slot] ?? 0) - 1;
          }
          expect(loads.leastLoaded(pick)).toEqual(expectedLeast(plain, pick));
        }
        expect(plain.map((_, slot) => loads.loadOf(slot))).toEqual(plain);
        expect(loads.placed).toBe(plain.reduce((sum, each) => sum + each, 0));
      }),
    );
  });

  it('fills every slot once before any twice, on a daily period of 86,400 slots', () => {
    const loads = new SlotLoads(86_400);
    let pick = 0;
    const seen = new Set<number>();
    for (let placed = 0; placed < 1_000; placed += 1) {
      pick = (pick + 0.618_033_988_75) % 1;
      const { slot, load } = loads.leastLoaded(pick);
      expect(load).toBe(0);
      seen.add(slot);
      loads.add(slot, 1);
    }
    expect(seen.size).toBe(1_000);
    expect(loads.leastLoaded(0.999_999)).toEqual({ slot: 86_399, load: 0 });
  });

  it('refuses slots outside the period and removals from an empty slot', () => {
    const loads = new SlotLoads(30);
    expect(() => loads.add(30, 1)).toThrow(RangeError);
    expect(() => loads.add(-1, 1)).toThrow(RangeError);
    expect(() => loads.add(3, -1)).toThrow(RangeError);
    expect(() => new SlotLoads(0)).toThrow(RangeError);
  });
});
