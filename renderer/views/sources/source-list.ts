// The Sources view's rows (pure): every item the read-only sources show, with its source, searched, filtered by
// source and by how it stands, and sorted; and where "Open in …" may go.
import { CONNECTION_KIND_LABELS, isReadOnlySource, SOURCE_KIND_NAMES } from '../../../common/ipc/connection-kinds.ts';
import { isSafeExternalUrl } from '../../../common/ipc/external-url.ts';
import { itemKindName } from '../../../common/ipc/item-key.ts';
import type { ConnectionView, StatusItemView } from '../../../common/ipc/views.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { matchesWords, searchText, searchWords, sortRows, type SortValue } from '../../state/sorting.ts';

export interface SourceRow {
  key: string;
  saving: false;
  item: StatusItemView;
  source: ConnectionView;
  /** "Open in Uptime Kuma": the item's page in its source, where it may be opened. */
  open?: { href: string; label: string };
}

export const sourceListDefaults: ListPreferences = { search: '', filters: { source: 'all', state: 'all' }, sortBy: 'state', direction: 'ascending' };

/** "Uptime Kuma", "the status page": who keeps the item, as "Open in …" says it. */
export function openLabel(source: ConnectionView): string {
  if (!isReadOnlySource(source.sourceKind)) return 'Open';
  return source.sourceKind === 'statuspage' ? 'Open the status page' : `Open in ${SOURCE_KIND_NAMES[source.sourceKind]}`;
}

/** Where a source's link may go: https anywhere, plain http only to the exact origin the person configured. */
export function openableLink(href: string | undefined, source: ConnectionView): string | undefined {
  const origin = URL.parse(source.baseUrl)?.origin;
  return href !== undefined && isSafeExternalUrl(href, origin === undefined ? [] : [origin]) ? href : undefined;
}

export function sourceRows(items: readonly StatusItemView[], connections: readonly ConnectionView[]): SourceRow[] {
  const byId = new Map(connections.map((connection) => [connection.id, connection]));
  const rows: SourceRow[] = [];
  for (const item of items) {
    const source = byId.get(item.connectionId);
    if (item.kind !== 'source' || source === undefined) continue;
    const href = openableLink(item.sourceItem?.webUrl, source);
    rows.push(href === undefined ? { key: item.key, saving: false, item, source } : { key: item.key, saving: false, item, source, open: { href, label: openLabel(source) } });
  }
  return rows;
}

/** Where an item stands, as the filter asks: a problem, fine, in maintenance or set aside, or not known. */
function standing(item: StatusItemView): string {
  if (item.maintenance !== undefined || item.state === 'maintenance') return 'maintenance';
  if (item.acknowledgedAt !== undefined || item.snoozedUntil !== undefined) return 'aside';
  if (item.health === 'critical' || item.health === 'warning') return 'problem';
  return item.health;
}

export function filterSourceRows(rows: readonly SourceRow[], preferences: ListPreferences): SourceRow[] {
  const words = searchWords(preferences.search);
  const source = preferences.filters['source'] ?? 'all';
  const state = preferences.filters['state'] ?? 'all';
  return rows.filter(
    (row) =>
      (source === 'all' || row.source.id === source) &&
      (state === 'all' || standing(row.item) === state) &&
      matchesWords(words, searchText([row.item.name, row.source.name, CONNECTION_KIND_LABELS[row.source.sourceKind], row.item.sourceItem?.group, row.item.detail, itemKindName(row.item)])),
  );
}

const healthOrder: Record<StatusItemView['health'], number> = { critical: 0, warning: 1, unknown: 2, ok: 3 };

const sortValues: Record<string, (row: SourceRow) => SortValue> = {
  name: (row) => row.item.name.toLowerCase(),
  source: (row) => `${row.source.name.toLowerCase()} ${row.item.name.toLowerCase()}`,
  group: (row) => row.item.sourceItem?.group?.toLowerCase(),
  // Problems first, set aside after them, as every list orders them.
  state: (row) => (standing(row.item) === 'problem' ? 0 : 4) + healthOrder[row.item.health],
  since: (row) => row.item.since,
};

export function sortSourceRows(rows: readonly SourceRow[], preferences: ListPreferences): SourceRow[] {
  return sortRows(rows, sortValues[preferences.sortBy] ?? sortValues['state'] ?? (() => undefined), preferences.direction);
}
