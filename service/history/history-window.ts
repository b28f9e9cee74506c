// Where a window starts. Windows end now and start on the storage's bucket grid, so what is summed is exactly
// whole buckets plus the current, unfinished part: 24h, 7d and 30d start that long before an hour boundary, 90d
// and 365d that long before a UTC midnight. A window is therefore up to one bucket longer than its name, and
// `from`/`to` in every answer say exactly which time was summed.
import { HISTORY_WINDOWS, type HistoryWindow } from '../../common/api/history.ts';
import { dayMs, floorTo, hourMs } from './time-units.ts';

export const historyWindows = Object.keys(HISTORY_WINDOWS) as HistoryWindow[];

const isDayAligned = (window: HistoryWindow) => window === '90d' || window === '365d';

/** The start of `window` when its buckets are complete up to `boundary` (an hour boundary). */
export function windowStart(window: HistoryWindow, boundary: number): number {
  return floorTo(boundary, isDayAligned(window) ? dayMs : hourMs) - HISTORY_WINDOWS[window];
}

/** The step of a window's response-time series: at most about 1,000 points, on the grid its data is kept at. */
export const seriesStepMs: Record<HistoryWindow, number> = {
  '24h': 5 * 60_000,
  '7d': hourMs,
  '30d': hourMs,
  '90d': dayMs,
  '365d': dayMs,
};
