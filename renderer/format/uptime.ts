// Uptime as a percentage (pure): "100 %" only when nothing was down; otherwise rounded down, so 99.999 % never
// reads as 100 %. And the words for a figure of an item younger than its window, which counts from its creation
// (common/api/item-lifetime.ts).
import { formatClockTime } from '../../common/format/clock-time.ts';
import { formatDuration } from '../../common/format/duration.ts';

const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** "99.95 %", "100 %"; undefined when nothing was observed (never counted as up). */
export function uptimeText(uptime: number | undefined): string | undefined {
  if (uptime === undefined || Number.isNaN(uptime)) return undefined;
  const hundredths = Math.floor(Math.min(1, Math.max(0, uptime)) * 10_000);
  return `${percent.format(hundredths / 100)} %`;
}

/**
 * In place of a percentage when nothing was up or down: "No data yet" for an item whose whole life the window holds
 * (it has had no known status since it was created), else "Not observed".
 */
export function noUptimeText(youngerThanWindow: boolean): string {
  return youngerThanWindow ? 'No data yet' : 'Not observed';
}

/** "13:38 (3 min)": when an item younger than its window was created, and how long ago, for "since …". */
export function creationText(createdAt: number, now: number): string {
  return `${formatClockTime(createdAt, now)} (${formatDuration(Math.max(0, now - createdAt), 'elapsed')})`;
}
