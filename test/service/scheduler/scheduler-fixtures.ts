// Shared pieces for scheduler tests: a seeded random source and a check runner the test finishes by hand.
import type { CheckResult, CheckTarget } from '../../../service/checks/check-result.ts';

/** mulberry32: a small seeded generator, so spreads and jitters are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface PendingCheck {
  target: CheckTarget;
  finish(result?: CheckResult): void;
}

/** Each call waits until the test calls finish() on it. */
export function manualRunner(): { runCheck: (target: CheckTarget) => Promise<CheckResult>; pending: PendingCheck[] } {
  const pending: PendingCheck[] = [];
  const runCheck = (target: CheckTarget) =>
    new Promise<CheckResult>((resolve) => {
      pending.push({ target, finish: (result = { ok: true, durationMs: 1 }) => resolve(result) });
    });
  return { runCheck, pending };
}
