// What `vigil maintenance` prints for people: one line per window started or ended, and the list as a table.
// Times are the computer's wall clock in the environment's locale (common/format/clock-time.ts), "15:42" or
// "3:42 PM" today and "3 Dec, 15:42" otherwise, as the window writes them.
import { dateTimeToEpochMs } from '../../../common/api/index.ts';
import type { MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { hostLocale } from '../../core/app/host-locale.ts';
import { describeRange } from '../../../common/schedule/weekly-schedule.ts';
import { isActiveAt } from './maintenance-state.ts';
import type { Target } from '../server-choice.ts';

export interface ServerWindow {
  target: Target;
  window: MaintenanceWindow;
}

/** The item's name, or "everything" for a window over the whole server. */
export function maintenanceSubject(window: MaintenanceWindow): string {
  return window.item === undefined ? 'everything' : (window.item_name ?? window.item);
}

function clockTime(dateTime: string | undefined, now: number): string | undefined {
  const at = dateTime === undefined ? undefined : dateTimeToEpochMs(dateTime);
  return at === undefined ? undefined : formatClockTime(at, now, { locale: hostLocale() });
}

function untilText(window: MaintenanceWindow, now: number): string {
  const until = clockTime(window.ends_at, now);
  return until === undefined ? 'until ended' : `until ${until}`;
}

function reasonText(window: MaintenanceWindow): string {
  return window.reason === undefined || window.reason === '' ? '' : ` — ${window.reason}`;
}

/** "Work: maintenance on API until 15:42 (1 h)"; `lengthMs` is the length asked for, absent for --until-ended. */
export function startedLine({ target, window }: ServerWindow, lengthMs: number | undefined, now: number): string {
  const length = lengthMs === undefined ? '' : ` (${formatDuration(lengthMs, 'exact')})`;
  return `${target.name}: maintenance on ${maintenanceSubject(window)} ${untilText(window, now)}${length}${reasonText(window)}`;
}

export function endedLine({ target, window }: ServerWindow, now: number): string {
  const since = clockTime(window.starts_at, now);
  return `${target.name}: ended maintenance on ${maintenanceSubject(window)}${since === undefined ? '' : ` (in maintenance since ${since})`}`;
}

/** Ending a weekly window stops every later week too, which a script closing its deploy window never means. */
export function keptWeeklyLine({ target, window }: ServerWindow): string {
  const ranges = window.repeat === undefined ? '' : ` (${describeRange(window.repeat)})`;
  return `${target.name}: kept the weekly maintenance on ${maintenanceSubject(window)}${ranges}: ending it here would cancel every later week.`;
}

export function nothingToEndLine(target: Target, itemName: string | undefined): string {
  return `${target.name}: no maintenance ${itemName === undefined ? '' : `on ${itemName} `}to end.`;
}

function whenText(window: MaintenanceWindow, now: number): string {
  const weekly = window.repeat === undefined ? '' : `${describeRange(window.repeat)} (${window.repeat.timezone}), `;
  const from = clockTime(window.starts_at, now);
  return `${weekly}${from === undefined ? '' : `from ${from} `}${untilText(window, now)}`;
}

/** One row per window: server, what, active or upcoming, when, and why. */
export function maintenanceTable(windows: readonly ServerWindow[], now: number): string {
  const rows = windows.map(({ target, window }) => [target.name, maintenanceSubject(window), isActiveAt(window, now) ? 'active' : 'upcoming', `${whenText(window, now)}${reasonText(window)}`] as const);
  const width = (column: 0 | 1 | 2) => Math.max(...rows.map((row) => row[column].length));
  return rows.map(([server, what, state, when]) => `${server.padEnd(width(0))}  ${what.padEnd(width(1))}  ${state.padEnd(width(2))}  ${when}`).join('\n');
}
