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
