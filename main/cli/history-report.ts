// What `vigil history` prints from an item's history page (pure): the state and for how long, uptime (with the time
// in maintenance it leaves out, when there was any), the incidents, the latest events and the notes. Times in the
// environment's locale and zone (common/format/clock-time.ts), to the second for an item checked seconds apart. An
// item created within a window is shown from its creation, and its figures say so.
import { livedPart } from '../../common/api/item-lifetime.ts';
import { formatDateTime, minutesBlur, timeSpanEnds, type ClockTimeOptions } from '../../common/format/clock-time.ts';
import { formatDuration } from '../../common/format/duration.ts';
import type { ItemHistoryView, UptimeView } from '../../common/ipc/history.ts';

const shownIncidents = 20;
const shownEvents = 10;

const percent = (ratio: number | undefined) => (ratio === undefined ? '—' : `${(Math.floor(ratio * 10_000) / 100).toFixed(2)}%`);

/**
 * "24h 99.95%", with "(2 h in maintenance)" after it when there was any, and "(since created)" for a window longer
 * than the item's life; "no data yet" when such a window saw it neither up nor down.
 */
function uptimeFigure(uptime: UptimeView): string {
  const young = uptime.sinceCreation !== undefined;
  const notes = [
    ...(young ? ['since created'] : []),
    ...(uptime.maintenanceSeconds > 0 ? [`${formatDuration(uptime.maintenanceSeconds * 1000, 'elapsed')} in maintenance`] : []),
  ];
  const figure = uptime.uptime === undefined && young ? 'no data yet' : percent(uptime.uptime);
  return `${uptime.window} ${figure}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

/** `time`: the reader's locale and zone, and `seconds` for an item checked seconds apart (`secondsApart`). */
export function formatItemHistory(view: ItemHistoryView, connectionName: string, time: ClockTimeOptions): string {
  const moment = (at: number) => formatDateTime(at, time);
  const lasting = view.since === undefined ? '' : ` for ${view.sinceIsLowerBound ? 'at least ' : ''}${formatDuration(view.to - view.since, 'elapsed')}`;
  const source = view.source === 'client' ? "Vigil's own record on this computer (read-only)" : view.historyOwner === undefined ? "the server's history" : `the history ${view.historyOwner} keeps`;
  const lived = livedPart({ from: view.from, to: view.to }, view.createdAt);
  const shown = timeSpanEnds(lived.from, view.to, time);
  const start = lived.sinceCreation ? `since it was created, ${shown.from} (${formatDuration(view.to - lived.from, 'elapsed')} ago),` : shown.from;
  const lines = [
    `${view.name} (${view.kind}) on ${connectionName}: ${view.state}${lasting}`,
    // What the person wrote about it (a runbook line, a link) comes right under what it is.
    ...view.annotations.map((annotation) => `${annotation.label}: ${annotation.text.split('\n').join('\n  ')}`),
    `Window ${view.window}: ${start} to ${shown.to}, from ${source}`,
    `Uptime: ${view.uptime.map(uptimeFigure).join('   ')}`,
  ];
  const unwatched = view.timeline.filter((segment) => segment.health === 'gap').reduce((sum, segment) => sum + segment.to - segment.from, 0);
  if (unwatched > 0) lines.push(`Not watched: ${formatDuration(unwatched, 'elapsed')} of ${lived.sinceCreation ? 'its time since' : 'the window'}`);
  lines.push('', view.incidents.length === 0 ? 'No incidents in this window.' : `Incidents (${view.incidents.length}):`);
  for (const incident of view.incidents.slice(-shownIncidents).reverse()) {
    const ends = incident.end === undefined ? { from: moment(incident.start), to: 'ongoing' } : timeSpanEnds(incident.start, incident.end, time);
    const lasted = incident.end === undefined ? '' : ` (${formatDuration(incident.end - incident.start, 'elapsed')})`;
    lines.push(`  ${ends.from} to ${ends.to}${lasted}  ${incident.detail}`);
  }
  const latest = view.events.slice(0, shownEvents);
  if (latest.length > 0) {
    // Two events in one minute are told apart by their seconds, as in the window's feed.
    const eventTime = { ...time, seconds: time.seconds === true || minutesBlur(latest.map((event) => event.at)) };
    lines.push('', 'Latest events:');
    for (const event of latest) lines.push(`  ${formatDateTime(event.at, eventTime)}  ${event.title}`);
  }
  if (view.notes.length > 0) lines.push('', ...view.notes.map((note) => `Note: ${note}`));
  return lines.join('\n');
}
