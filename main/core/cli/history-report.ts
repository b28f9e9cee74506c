// What `vigil history` prints from an item's history page (pure): the state and for how long, uptime (with the time
// in maintenance it leaves out, when there was any), the incidents, the latest events and the notes. Times in UTC,
// as RFC 3339 without seconds. An item created within a window is shown from its creation, and its figures say so.
import { livedPart } from '../../../common/api/item-lifetime.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { ItemHistoryView, UptimeView } from '../../../common/ipc/history.ts';

const shownIncidents = 20;
const shownEvents = 10;

const utc = (epochMs: number) => `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
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

export function formatItemHistory(view: ItemHistoryView, connectionName: string): string {
  const lasting = view.since === undefined ? '' : ` for ${view.sinceIsLowerBound ? 'at least ' : ''}${formatDuration(view.to - view.since, 'elapsed')}`;
  const source = view.source === 'server' ? "the server's history" : "Vigil's own record on this computer (read-only)";
  const lived = livedPart({ from: view.from, to: view.to }, view.createdAt);
  const start = lived.sinceCreation ? `since it was created, ${utc(lived.from)} (${formatDuration(view.to - lived.from, 'elapsed')} ago),` : utc(view.from);
  const lines = [
    `${view.name} (${view.kind}) on ${connectionName}: ${view.state}${lasting}`,
    `Window ${view.window}: ${start} to ${utc(view.to)}, from ${source}`,
    `Uptime: ${view.uptime.map(uptimeFigure).join('   ')}`,
  ];
  const unwatched = view.timeline.filter((segment) => segment.health === 'gap').reduce((sum, segment) => sum + segment.to - segment.from, 0);
  if (unwatched > 0) lines.push(`Not watched: ${formatDuration(unwatched, 'elapsed')} of ${lived.sinceCreation ? 'its time since' : 'the window'}`);
  lines.push('', view.incidents.length === 0 ? 'No incidents in this window.' : `Incidents (${view.incidents.length}):`);
  for (const incident of view.incidents.slice(-shownIncidents).reverse()) {
    const end = incident.end === undefined ? 'ongoing' : `${utc(incident.end)} (${formatDuration(incident.end - incident.start, 'elapsed')})`;
    lines.push(`  ${utc(incident.start)} to ${end}  ${incident.detail}`);
  }
  if (view.events.length > 0) {
    lines.push('', 'Latest events:');
    for (const event of view.events.slice(0, shownEvents)) lines.push(`  ${utc(event.at)}  ${event.title}`);
  }
  if (view.notes.length > 0) lines.push('', ...view.notes.map((note) => `Note: ${note}`));
  return lines.join('\n');
}
