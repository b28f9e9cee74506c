// Runs a probe under a deadline so a check always settles, and times it on a monotonic clock.
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../common/clock.ts';
import type { CheckResult } from './check-result.ts';
import { describeNetworkError } from './network-error.ts';

/** "10", "2.5" or "0.25": seconds as a person would write them. */
export function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)));
}

export function timedOutMessage(timeoutMs: number): string {
  return `timed out after ${formatSeconds(timeoutMs)} s`;
}

/** `startedAt` is a performance.now() reading: durations must not jump with the wall clock. */
export function checkResult(startedAt: number, error: string | undefined): CheckResult {
  const durationMs = Math.round(performance.now() - startedAt);
  return error === undefined ? { ok: true, durationMs } : { ok: false, durationMs, error };
}

/**
 * A probe resolves `undefined` when the target is up, or a sentence saying why it is down; it may
 * reject with a network error. Its signal aborts at the deadline, but the result does not wait for
 * the probe to notice: a DNS lookup, for one, cannot be cancelled.
 */
export type Probe = (signal: AbortSignal) => Promise<string | undefined>;

export function runWithDeadline(
  clock: Clock,
  timeoutMs: number,
  probe: Probe,
  timeoutError = timedOutMessage(timeoutMs),
): Promise<CheckResult> {
  const startedAt = performance.now();
  const controller = new AbortController();
  return new Promise<CheckResult>((resolve) => {
    const deadline = clock.setTimer(() => {
      controller.abort();
      resolve(checkResult(startedAt, timeoutError));
    }, timeoutMs);
    const settle = (error: string | undefined) => {
      clock.clearTimer(deadline);
      resolve(checkResult(startedAt, error));
    };
    probe(controller.signal).then(settle, (error: unknown) => settle(describeNetworkError(error)));
  });
}
