// Maintenance in words (pure): until when a window holds, when a scheduled one happens, and who keeps it.
import { formatClockTime } from '../../../common/format/clock-time.ts';
import type { MaintenanceView } from '../../../common/ipc/alerting.ts';
import { describeRange } from '../../../common/schedule/weekly-schedule.ts';

/** "until 15:42", "until 3 Dec 09:00", "until you end it" ("while its source says so" for a source's). */
export function untilText(until: number | undefined, now: number, keptBy?: MaintenanceView['keptBy']): string {
  if (until === undefined) return keptBy === 'source' ? 'while its source says so' : 'until you end it';
  return `until ${formatClockTime(until, now)}`;
}

/** What a window covers: "API", "everything on Work". */
export function coverageText(window: Pick<MaintenanceView, 'itemKey' | 'itemName' | 'serverName'>): string {
  return window.itemKey === undefined ? `everything on ${window.serverName}` : (window.itemName ?? window.itemKey);
}

/** When it happens: "Weekdays 02:00–04:00 (Europe/Berlin)", "from 3 Dec 22:00 until 3 Dec 23:30". */
export function whenText(window: Pick<MaintenanceView, 'startsAt' | 'endsAt' | 'repeat' | 'nextStart'>, now: number): string {
  if (window.repeat !== undefined) {
    const next = window.nextStart === undefined ? '' : `, next ${formatClockTime(window.nextStart, now)}`;
    return `${describeRange(window.repeat)} (${window.repeat.timezone})${next}`;
  }
  return `from ${formatClockTime(window.startsAt, now)} ${untilText(window.endsAt, now)}`;
}

/** Said beside a window Vigil keeps, since the server's own email and webhooks know nothing of it. */
const keptByVigilHint = 'Kept by Vigil: only Vigil’s notifications respect it; the server’s own email and webhooks still send.';
const keptByServerHint = 'Kept by the server: its own email and webhooks respect it too.';

const saidBySourceHint = 'Said by the source: it ends when the source says so.';

export function keptByText(keptBy: MaintenanceView['keptBy']): string {
  return keptBy === 'vigil' ? keptByVigilHint : keptBy === 'source' ? saidBySourceHint : keptByServerHint;
}

/**
 * What a schedule just saved does: "Maintenance on API is in progress until 15:42." when it covers now (a start
 * in the past or this minute), else "Maintenance on API is scheduled."; a weekly one likewise. `started` is what the
 * core answered, one window per server that keeps it.
 */
export function scheduledNotice(label: string, repeats: boolean, started: readonly Pick<MaintenanceView, 'active' | 'endsAt'>[], now: number): string {
  const running = started.find((window) => window.active);
  if (repeats) return running === undefined ? `Weekly maintenance on ${label} is scheduled.` : `Weekly maintenance on ${label} is scheduled, and the first is in progress now.`;
  return running === undefined ? `Maintenance on ${label} is scheduled.` : `Maintenance on ${label} is in progress ${untilText(running.endsAt, now)}.`;
}
