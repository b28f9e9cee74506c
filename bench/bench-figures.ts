// How the benchmarks sum up what they measured.
export const percentile = (values: readonly number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;

export const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

export const megabytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * This process's peak resident set size since it started, in bytes: the kernel's own high-water mark
 * (getrusage's maxRSS), so no moment between samples is missed.
 */
export const peakRssSoFar = (): number => process.resourceUsage().maxRSS * 1024;

/** CPU time (user + system) spent by this process in `work`, in ms. */
export function cpuMs(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * What this process holds open beyond `baseline` (the benchmark's own service children and pipes), looked at from
 * inside a timer callback, which is left out.
 */
export function openSinceBaseline(baseline: readonly string[]): { timers: number; others: string[] } {
  const remaining = [...baseline];
  const added = process.getActiveResourcesInfo().filter((resource) => {
    const index = remaining.indexOf(resource);
    if (index === -1) return true;
    remaining.splice(index, 1);
    return false;
  });
  return { timers: added.filter((resource) => resource === 'Timeout').length - 1, others: added.filter((resource) => resource !== 'Timeout') };
}
