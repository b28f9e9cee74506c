// Monitors: the table (search, status and type filters, sortable columns, remembered), with each monitor's uptime
// and status bar for the past 24 hours, create, edit, delete (after confirmation), snooze and maintenance from each row, and
// its name leading to its page. Where the server sends the latest check's fields (the `checks` extension), a column
// says why the latest check failed or how long it took, and when the certificate expires soon (in the place of
// Updated). Rows come from the latest poll with the user's changes laid over them.
import { useMemo, useState } from 'react';
import type { Monitor } from '../../../common/ipc/views.ts';
import { fittedColumnWidth } from '../../components/column-fit.ts';
import { CreateButton } from '../../components/create-button.tsx';
import { filterChoice, type FilterChoice } from '../../components/filtered-table.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { ItemLink } from '../../components/item-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { ResourceListBody, type ListWords } from '../../components/resource-list-body.tsx';
import { actionsColumn, DeleteButton } from '../../components/row-actions.tsx';
import { MaintenanceControl } from '../maintenance/maintenance-control.tsx';
import { SnoozeControl } from '../../components/snooze-control.tsx';
import { StatusBadges, useStatusColumnWidth } from '../../components/status-badges.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { countOf } from '../../format/count.ts';
import { formatFrequency } from '../../format/time.ts';
import { useFollowListHistory, useShownListHistory } from '../../state/list-history-store.ts';
import { useResourceList } from '../../state/use-resource-list.ts';
import { anyLastCheck } from './last-check.ts';
import { LastCheckCell } from './last-check-view.tsx';
import { MonitorForm } from './monitor-form.tsx';
import { monitorList } from './monitor-list-source.ts';
import { listTypeLabel, shownTarget, statusLabels, targetForPeople, type MonitorRow } from './monitor-list.ts';
import { HistoryLegend, UptimeCell } from './uptime-cell.tsx';

const monitorFilters: readonly FilterChoice[] = [
  filterChoice('status', 'Status', 'All statuses', [['down', 'Down'], ['up', 'Up'], ['unknown', 'Unknown'], ['snoozed', 'Snoozed']]),
  filterChoice('type', 'Type', 'All types', [['http', 'HTTP'], ['tcp', 'TCP'], ['udp', 'UDP'], ['ping', 'Ping'], ['dns', 'DNS'], ['other', 'Other']]),
];

type Editing = { mode: 'create' } | { mode: 'edit'; monitor: Monitor; connectionId: string } | undefined;

const monitorWords: ListWords<MonitorRow> = {
  label: 'Monitors', noun: 'monitor', placeholder: 'Name or target',
  empty: { title: 'No monitors yet', createLabel: 'Create your first monitor', text: 'A monitor checks a website, a port or a host on a schedule and tells you when it goes down.' },
  deleteQuestion: ({ monitor }) => ({ title: `Delete ${monitor.name ?? 'this monitor'}?`, confirmLabel: 'Delete monitor', text: `Vigil stops checking ${monitor.url ?? 'it'} and its history is removed. This cannot be undone.` }),
};

/** The Type column's header with its sort arrow; the column is never narrower. */
const typeHeaderWidth = 64;
/** The monitor's frequency, under its type, is drawn at this size (as the target under the name). */
const sublineSize = 12;
/**
 * The Name column's least width. The target is written under the name, and the frequency under the type, rather
 * than in columns of their own: at 1280 pixels, with the Server and Last check columns and a status saying
 * "Maintenance / until 10:58 PM", the list has room for nothing more. A longer name is cut with an ellipsis (its
 * page's title says it whole) and takes any room to spare.
 */
const nameMinWidth = 128;
/** The status bar beside the percentage, and the gap between them (`.uptime-cell`). */
const uptimeBarWidth = 60 + 6;
/** The widest figure the column shows: a figure of Vigil's own record is marked `*`. */
const widestUptime = ['100 %', '99.99 %*'];
/** Room for a word of an error such as "connection" on a line: the error wraps between words, never within one. */
const lastCheckMinWidth = 96;
/** Edit, Snooze, Maintenance and Delete, side by side. */
const actionsWidth = 272;

export function MonitorsView() {
  useFollowListHistory();
  const history = useShownListHistory();
  const list = useResourceList(monitorList, history);
  const [editing, setEditing] = useState<Editing>();

  const { rows, askToDelete } = list;
  // As wide as the longest type or "every …" under it, measured once per set of them.
  const kinds = useMemo(() => [...new Set(rows.map((row) => `${listTypeLabel(row.monitor.type, row.monitor.url)}\t${formatFrequency(row.monitor.frequency)}`))].sort().join('\n'), [rows]);
  const typeWidth = useMemo(() => {
    const pairs = kinds.split('\n').map((pair) => pair.split('\t'));
    return Math.max(fittedColumnWidth(pairs.map(([type = '']) => type), typeHeaderWidth), fittedColumnWidth(pairs.map(([, frequency = '']) => frequency), typeHeaderWidth, 400, sublineSize));
  }, [kinds]);
  const uptimeWidth = useMemo(() => uptimeBarWidth + fittedColumnWidth(widestUptime, 0), []);
  const statusWidth = useStatusColumnWidth(rows, 92);
  const withLastCheck = useMemo(() => anyLastCheck(rows.map((row) => row.monitor)), [rows]);
  const slotMs = history === undefined ? 0 : (history.to - history.from) / Math.max(1, history.slotCount);

  // Stable across renders, so rows that did not change are not rendered again while scrolling or typing.
  const columns = useMemo<Column<MonitorRow>[]>(() => [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      width: { min: nameMinWidth, grow: 2.4 },
      className: 'cell-strong',
      cell: (row) => (
        <span className="cell-lines name-and-target">
          {row.monitor.id === undefined || row.saving ? (row.monitor.name ?? '(no name)') : <ItemLink itemKey={row.key} name={row.monitor.name ?? '(no name)'} />}
          {row.monitor.url !== undefined && (
            <span className="cell-target" title={targetForPeople(row.monitor.url)}>
              {shownTarget(row.monitor.url)}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      sortable: true,
      width: typeWidth,
      cell: (row) => (
        <span className="cell-lines">
          <span>{listTypeLabel(row.monitor.type, row.monitor.url)}</span>
          <span className="cell-subline">{formatFrequency(row.monitor.frequency)}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      width: statusWidth,
      cell: (row) => (row.saving ? <HealthBadge health="saving" label="Saving…" /> : <StatusBadges health={row.health} label={statusLabels[row.status]} judgement={row} />),
    },
    ...(withLastCheck ? [{ id: 'last-check', header: 'Last check', width: { min: lastCheckMinWidth, grow: 1 }, cell: (row: MonitorRow) => <LastCheckCell monitor={row.monitor} /> }] : []),
    { id: 'uptime', header: 'Uptime 24 h', sortable: true, width: uptimeWidth, cell: (row) => <UptimeCell figures={history?.items[row.key]} slotMs={slotMs} /> },
    // At 1280 pixels there is no room for both: what the latest check said tells more than when the monitor changed.
    ...(withLastCheck ? [] : [{ id: 'updated', header: 'Updated', sortable: true, width: 84, cell: (row: MonitorRow) => (row.updatedAt === undefined ? '—' : <RelativeTime at={row.updatedAt} />) }]),
    actionsColumn(actionsWidth, (row) => {
      const name = row.monitor.name ?? 'monitor';
      const disabled = row.saving || row.monitor.id === undefined;
      return (
        <>
          <button type="button" className="button button-small" disabled={disabled} aria-label={`Edit ${name}`} onClick={() => setEditing({ mode: 'edit', monitor: row.monitor, connectionId: row.connectionId })}>
            Edit
          </button>
          <SnoozeControl itemKey={row.key} name={name} snoozedUntil={row.snoozedUntil} disabled={disabled} />
          <MaintenanceControl target={{ scope: 'item', itemKey: row.key }} label={name} small disabled={disabled} />
          <DeleteButton name={name} disabled={disabled} onClick={() => askToDelete(row)} />
        </>
      );
    }),
  ], [askToDelete, history, slotMs, statusWidth, typeWidth, uptimeWidth, withLastCheck]);

  const down = useMemo(() => rows.filter((row) => row.status === 'down').length, [rows]);
  const create = () => setEditing({ mode: 'create' });
  return (
    <section className="view" aria-labelledby="monitors-title">
      <PageHeader title="Monitors" titleId="monitors-title" actions={<CreateButton label="New monitor" onClick={create} />}>
        {rows.length === 0 ? 'Nothing watched yet.' : `${countOf(rows.length, 'monitor')}, ${down} down.`}
      </PageHeader>
      <ResourceListBody
        list={list}
        words={monitorWords}
        filters={monitorFilters}
        columns={columns}
        serverReplaces="updated"
        onCreate={create}
        note={<HistoryLegend history={history} />}
      />
      {editing !== undefined && <MonitorForm editing={editing.mode === 'edit' ? editing : undefined} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
