// An item's history as a file to save (pure; layouts in docs/client.md). JSON: the page's figures with times in
// RFC 3339. CSV: one table, a row per uptime window, timeline segment, incident, check and event, with a `section`
// column (the uptime figures' columns come last, so the earlier columns keep their places); text that a spreadsheet
// would run as a formula (= + - @ first) is led by an apostrophe. Maintenance is in both: its segments, and its
// seconds beside up, down and unknown.
import { HISTORY_WINDOWS } from '../../../common/api/index.ts';
import type { ExportFile, ItemHistoryView } from '../../../common/ipc/history.ts';

const itemHistoryFormat = 'vigil-item-history';

const iso = (epochMs: number | undefined) => (epochMs === undefined ? undefined : new Date(epochMs).toISOString());

export function itemHistoryFile(view: ItemHistoryView, format: 'csv' | 'json', now: number): ExportFile {
  const base = `vigil-history-${slug(view.name) || view.kind}-${view.window}-${iso(now)?.slice(0, 10)}`;
  return format === 'json'
    ? { fileName: `${base}.json`, mimeType: 'application/json', text: `${JSON.stringify(jsonOf(view, now), null, 2)}\n` }
    : { fileName: `${base}.csv`, mimeType: 'text/csv; charset=utf-8', text: csvOf(view) };
}

function jsonOf(view: ItemHistoryView, now: number) {
  return {
    format: itemHistoryFormat,
    version: 1,
    exportedAt: iso(now),
    item: { key: view.key, kind: view.kind, name: view.name, health: view.health, state: view.state, since: iso(view.since) ?? null, sinceIsLowerBound: view.sinceIsLowerBound, createdAt: iso(view.createdAt) ?? null },
    window: view.window,
    from: iso(view.from),
    to: iso(view.to),
    source: view.source,
    // A figure of an item younger than its window counts from its creation (`sinceCreation`).
    uptime: view.uptime.map((uptime) => ({ ...uptime, sinceCreation: iso(uptime.sinceCreation) ?? null })),
    timeline: view.timeline.map((segment) => ({ ...segment, from: iso(segment.from), to: iso(segment.to) })),
    // An incident still going on has `end: null`.
    incidents: view.incidents.map((incident) => ({ ...incident, start: iso(incident.start), end: iso(incident.end) ?? null })),
    responseTimes: view.responseTimes === undefined ? undefined : { stepSeconds: view.responseTimes.stepSeconds, points: view.responseTimes.points.map((point) => ({ ...point, at: iso(point.at) })) },
    checks: view.checks?.map((check) => ({ ...check, at: iso(check.at) })),
    pings: view.pings?.map(iso),
    expiresOn: view.expiresOn,
    events: view.events.map((event) => ({ ...event, at: iso(event.at) })),
    notes: view.notes,
  };
}

const csvColumns = ['section', 'start', 'end', 'state', 'health', 'response_time_ms', 'detail', 'uptime', 'up_seconds', 'down_seconds', 'unknown_seconds', 'maintenance_seconds'] as const;

function csvOf(view: ItemHistoryView): string {
  const rows: (string | number | undefined)[][] = [
    ...view.uptime.map((uptime) => [
      'uptime',
      // What the figure counts: from the item's creation when it is younger than the window.
      iso(uptime.sinceCreation ?? view.to - HISTORY_WINDOWS[uptime.window]),
      iso(view.to),
      undefined,
      undefined,
      undefined,
      uptime.window,
      uptime.uptime,
      uptime.upSeconds,
      uptime.downSeconds,
      uptime.unknownSeconds,
      uptime.maintenanceSeconds,
    ]),
    ...view.timeline.map((segment) => ['timeline', iso(segment.from), iso(segment.to), segment.state, segment.health, undefined, undefined]),
    ...view.incidents.map((incident) => ['incident', iso(incident.start), iso(incident.end), undefined, undefined, undefined, incident.detail]),
    ...(view.checks ?? []).map((check) => ['check', iso(check.at), undefined, check.status, undefined, check.responseTimeMs, check.error]),
    ...view.events.map((event) => ['event', iso(event.at), undefined, undefined, event.health, undefined, event.title]),
  ];
  // Every row has every column, the ones its section does not use empty.
  return [csvColumns, ...rows].map((row) => csvColumns.map((_, index) => csvField(row[index])).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function slug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
