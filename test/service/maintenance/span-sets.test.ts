// The span algebra behind maintenance time, checked against a minute-by-minute model with fast-check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Span } from '../../../service/history/observed-status.ts';
import { intersectSpans, spansLength, subtractSpans, unionSpans } from '../../../service/history/span-sets.ts';

/** Sorted, non-overlapping spans on a grid of 0–200. */
const spans = fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 12 }).map((points) => {
  const sorted = [...points].sort((a, b) => a - b);
  const out: Span[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) out.push({ start: sorted[i] as number, end: sorted[i + 1] as number });
  return out;
});

const covered = (set: readonly Span[]) => new Set(Array.from({ length: 200 }, (_, at) => at).filter((at) => set.some((span) => span.start <= at && at < span.end)));
const isTidy = (set: readonly Span[]) => set.every((span, i) => span.end > span.start && (i === 0 || span.start > (set[i - 1] as Span).end - 1));

describe('span sets', () => {
  it('union, intersection and difference cover exactly the moments they should, as tidy sorted spans', () => {
    fc.assert(
      fc.property(spans, spans, (a, b) => {
        const [inA, inB] = [covered(a), covered(b)];
        const cases: [Span[], (at: number) => boolean][] = [
          [unionSpans(a, b), (at) => inA.has(at) || inB.has(at)],
          [intersectSpans(a, b), (at) => inA.has(at) && inB.has(at)],
          [subtractSpans(a, b), (at) => inA.has(at) && !inB.has(at)],
        ];
        for (const [result, expected] of cases) {
          expect(isTidy(result)).toBe(true);
          expect([...covered(result)]).toEqual([...Array.from({ length: 200 }, (_, at) => at).filter(expected)]);
          expect(spansLength(result)).toBe(covered(result).size);
        }
      }),
    );
  });

  it('merges touching spans in a union', () => {
    expect(unionSpans([{ start: 0, end: 10 }], [{ start: 10, end: 20 }])).toEqual([{ start: 0, end: 20 }]);
  });
});
