// The words about a heartbeat's runs and what it expects, one source for its detail line (assess.ts) and its
// alerts (alerts/alert-text.ts). Built only when a text needs them.
import type { Heartbeat } from '../../../common/api/index.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { cleanName } from './display.ts';

/** "expected every 1 h", or for a cron heartbeat (whose interval is only its longest gap) "on schedule 30 2 * * *". */
export function expectation(heartbeat: Heartbeat): string {
  if (heartbeat.schedule !== undefined) return `on schedule ${cleanName(heartbeat.schedule)}`;
  const interval = heartbeat.expected_interval;
  return interval === undefined ? '' : `expected every ${formatDuration(interval * 1000)}`;
}

/** "Running for 2 h 10 min, limit 2 h": an open run past its `max_runtime_seconds`. */
export function overranWords(heartbeat: Heartbeat, runStartedAt: number, now: number): string {
  return `Running for ${formatDuration(now - runStartedAt)}, limit ${formatDuration((heartbeat.max_runtime_seconds ?? 0) * 1000, 'exact')}`;
}

/** "Running for 12 min (limit 2 h)", or "Running for 12 min" without a limit: an open run on time. */
export function runningWords(heartbeat: Heartbeat, runningSince: number, now: number): string {
  const running = `Running for ${formatDuration(now - runningSince)}`;
  const limit = heartbeat.max_runtime_seconds;
  return limit === undefined ? running : `${running} (limit ${formatDuration(limit * 1000, 'exact')})`;
}
