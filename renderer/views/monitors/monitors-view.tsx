// Monitors: the table (search, status and type filters, sortable columns, remembered), with create, edit,
// delete (after confirmation) and snooze from each row. Rows come from the latest poll with the user's changes
// laid over them.
import { useMemo, useState } from 'react';
import type { Monitor } from '../../../common/ipc/views.ts';
import { vigil } from '../../api/vigil-api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { SnoozeControl } from '../../components/snooze-control.tsx';
import { FilteredTable, type FilterChoice } from '../../components/filtered-table.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { countOf } from '../../format/count.ts';
import { formatFrequency } from '../../format/time.ts';
import { useListState } from '../../state/list-preferences.ts';
import { useNavigation } from '../../state/navigation-store.ts';
import { useMonitors } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';
import { MonitorForm } from './monitor-form.tsx';
import { filterMonitorRows, monitorListDefaults, monitorTypeLabels, monitorRows, sortMonitorRows, statusLabels, type MonitorRow } from './monitor-list.ts';


const monitorFilters: readonly FilterChoice[] = [
  {
    id: 'status',
    label: 'Status',
    options: [
      { value: 'all', label: 'All statuses' },
      { value: 'down', label: 'Down' },
      { value: 'up', label: 'Up' },
      { value: 'unknown', label: 'Unknown' },
      { value: 'snoozed', label: 'Snoozed' },
    ],
  },
  {
    id: 'type',
    label: 'Type',
    options: [
      { value: 'all', label: 'All types' },
      { value: 'http', label: 'HTTP' },
      { value: 'tcp', label: 'TCP' },
      { value: 'udp', label: 'UDP' },
      { value: 'ping', label: 'Ping' },
      { value: 'other', label: 'Other' },
    ],
  },
];

type Editing = { mode: 'create' } | { mode: 'edit'; monitor: Monitor } | undefined;

export function MonitorsView() {
  const rows = useMonitors((state) => state.rows);
  const loaded = useMonitors((state) => state.baseAt !== undefined);
  const items = useStatus((state) => state.itemsByKey);
  const focusKey = useNavigation((state) => state.focusKey);
  const [preferences, change] = useListState('monitors', monitorListDefaults);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<MonitorRow | undefined>();

  const joined = useMemo(() => monitorRows(rows, items), [rows, items]);
  const sorted = useMemo(() => sortMonitorRows(joined, preferences.sortBy, preferences.direction), [joined, preferences.sortBy, preferences.direction]);
  // Sorting happens above, once per list or sort change; a keystroke only filters (10,000 rows in about a millisecond).
  const visible = useMemo(() => filterMonitorRows(sorted, preferences.search, preferences.filters), [sorted, preferences.search, preferences.filters]);

  // Stable across renders, so rows that did not change are not rendered again while scrolling or typing.
  const columns = useMemo<Column<MonitorRow>[]>(() => [
    { id: 'name', header: 'Name', sortable: true, width: { min: 140, grow: 1.4 }, className: 'cell-strong', cell: (row) => row.monitor.name ?? '(no name)' },
    { id: 'type', header: 'Type', sortable: true, width: 84, cell: (row) => monitorTypeLabels[row.monitor.type ?? ''] ?? row.monitor.type ?? '—' },
    { id: 'target', header: 'Target', sortable: true, width: { min: 160, grow: 2 }, className: 'cell-mono', cell: (row) => row.monitor.url ?? '—' },
    { id: 'frequency', header: 'Frequency', sortable: true, width: 110, cell: (row) => formatFrequency(row.monitor.frequency) },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      width: 100,
      cell: (row) => (row.saving ? <HealthBadge health="saving" label="Saving…" /> : <HealthBadge health={row.health} label={statusLabels[row.status]} />),
    },
    { id: 'updated', header: 'Updated', sortable: true, width: 100, cell: (row) => (row.updatedAt === undefined ? '—' : <RelativeTime at={row.updatedAt} />) },
    {
      id: 'actions',
      className: 'row-actions',
      header: 'Actions',
      width: 220,
      cell: (row) => {
        const name = row.monitor.name ?? 'monitor';
        const disabled = row.saving || row.monitor.id === undefined;
        return (
          <>
            <button type="button" className="button button-small" disabled={disabled} aria-label={`Edit ${name}`} onClick={() => setEditing({ mode: 'edit', monitor: row.monitor })}>
              Edit
            </button>
            <SnoozeControl itemKey={row.key} name={name} snoozedUntil={row.snoozedUntil} disabled={disabled} />
            <button type="button" className="button button-small button-danger-quiet" disabled={disabled} aria-label={`Delete ${name}`} onClick={() => setDeleting(row)}>
              Delete
            </button>
          </>
        );
      },
    },
  ], []);

  function confirmDelete(row: MonitorRow) {
    setDeleting(undefined);
    const id = row.monitor.id;
    if (id !== undefined) useMonitors.getState().deleteRow(row.key, () => vigil().deleteMonitor(id), `Monitor ${row.monitor.name ?? ''} deleted.`);
  }

  const down = useMemo(() => joined.filter((row) => row.status === 'down').length, [joined]);
  return (
    <section className="view" aria-labelledby="monitors-title">
      <PageHeader
        title="Monitors"
        titleId="monitors-title"
        actions={
          <button type="button" className="button button-primary" onClick={() => setEditing({ mode: 'create' })}>
            New monitor
          </button>
        }
      >
        {joined.length === 0 ? 'Nothing watched yet.' : `${countOf(joined.length, 'monitor')}, ${down} down.`}
      </PageHeader>
      {joined.length === 0 ? (
        loaded ? (
          <EmptyState
            title="No monitors yet"
            action={
              <button type="button" className="button button-primary" onClick={() => setEditing({ mode: 'create' })}>
                Create your first monitor
              </button>
            }
          >
            A monitor checks a website, a port or a host on a schedule and tells you when it goes down.
          </EmptyState>
        ) : (
          <EmptyState title="Loading monitors…">They appear after the first answer from the server.</EmptyState>
        )
      ) : (
        <FilteredTable
          label="Monitors"
          noun="monitor"
          placeholder="Name or target"
          filters={monitorFilters}
          preferences={preferences}
          change={change}
          defaults={monitorListDefaults}
          visible={visible}
          total={joined.length}
          columns={columns}
          highlightKey={focusKey}
        />
      )}
      {editing !== undefined && <MonitorForm monitor={editing.mode === 'edit' ? editing.monitor : undefined} onClose={() => setEditing(undefined)} />}
      {deleting !== undefined && (
        <ConfirmDialog title={`Delete ${deleting.monitor.name ?? 'this monitor'}?`} confirmLabel="Delete monitor" onConfirm={() => confirmDelete(deleting)} onCancel={() => setDeleting(undefined)}>
          Vigil stops checking {deleting.monitor.url ?? 'it'} and its history is removed. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
