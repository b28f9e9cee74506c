// Sets of time as sorted, non-overlapping spans (start included, end not): the maintenance time of a monitor is
// its own windows' spans joined with the server-wide ones, cut to when the service ran, and taken out of the rest.
import type { Span } from './observed-status.ts';

export function unionSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  if (b.length === 0) return [...a];
  if (a.length === 0) return [...b];
  const merged: Span[] = [];
  for (const span of [...a, ...b].sort((x, y) => x.start - y.start)) {
    const last = merged.at(-1);
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as Span;
    const y = b[j] as Span;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (end > start) out.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return out;
}

/** `a` without `b`. */
export function subtractSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let j = 0;
  for (const span of a) {
    let start = span.start;
    while (j < b.length && (b[j] as Span).end <= start) j++;
    for (let k = j; k < b.length && (b[k] as Span).start < span.end; k++) {
      const cut = b[k] as Span;
      if (cut.start > start) out.push({ start, end: cut.start });
      start = Math.max(start, cut.end);
    }
    if (start < span.end) out.push({ start, end: span.end });
  }
  return out;
}

export function spansLength(spans: readonly Span[]): number {
  let total = 0;
  for (const span of spans) total += span.end - span.start;
  return total;
}
