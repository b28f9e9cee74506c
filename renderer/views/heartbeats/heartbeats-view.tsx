// Heartbeats: the table (search, state filter, sortable columns, remembered) with each job's interval, last ping,
// next expected ping and state; create, delete (after confirmation), snooze, and the ping URL with a crontab line
// from each row. Rows come from the latest poll with the user's changes laid over them.
import { useDeferredValue, useMemo, useState } from 'react';
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { vigil } from '../../api/vigil-api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { countOf } from '../../format/count.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { SnoozeControl } from '../../components/snooze-control.tsx';
import { FilteredTable, type FilterChoice } from '../../components/filtered-table.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { formatDuration } from '../../format/time.ts';
import { useListState } from '../../state/list-preferences.ts';
import { useNavigation } from '../../state/navigation-store.ts';
import { useHeartbeats } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';
import { HeartbeatForm } from './heartbeat-form.tsx';
import { filterHeartbeatRows, heartbeatListDefaults, heartbeatRows, sortHeartbeatRows, stateLabels, type HeartbeatRow } from './heartbeat-list.ts';
import { PingDetails } from './ping-details.tsx';

const nameOf = (heartbeat: Heartbeat) => heartbeat.name ?? heartbeat.slug ?? 'heartbeat';

function summaryOf(rows: readonly HeartbeatRow[]): string {
  if (rows.length === 0) return 'No jobs watched yet.';
  const down = rows.filter((row) => row.state === 'down').length;
  const late = rows.filter((row) => row.state === 'late').length;
  return `${countOf(rows.length, 'heartbeat')}, ${down} down, ${late} late.`;
}

const heartbeatFilters: readonly FilterChoice[] = [
  {
    id: 'state',
    label: 'State',
    options: [
      { value: 'all', label: 'All states' },
      { value: 'down', label: 'Down' },
      { value: 'late', label: 'Late' },
      { value: 'up', label: 'Up' },
      { value: 'waiting', label: 'Waiting' },
      { value: 'unknown', label: 'Unknown' },
      { value: 'snoozed', label: 'Snoozed' },
    ],
  },
];

export function HeartbeatsView() {
  const rows = useHeartbeats((state) => state.rows);
  const loaded = useHeartbeats((state) => state.baseAt !== undefined);
  const items = useStatus((state) => state.itemsByKey);
  const focusKey = useNavigation((state) => state.focusKey);
  const [preferences, change] = useListState('heartbeats', heartbeatListDefaults);
  const [creating, setCreating] = useState(false);
  const [showingPing, setShowingPing] = useState<{ heartbeat: Heartbeat; pingUrl: string } | undefined>();
  const [deleting, setDeleting] = useState<HeartbeatRow | undefined>();

  const joined = useMemo(() => heartbeatRows(rows, items), [rows, items]);
  const sorted = useMemo(() => sortHeartbeatRows(joined, preferences.sortBy, preferences.direction), [joined, preferences.sortBy, preferences.direction]);
  // Typing stays responsive on 10,000 rows: the list follows the search a moment later if it must.
  const search = useDeferredValue(preferences.search);
  const visible = useMemo(() => filterHeartbeatRows(sorted, search, preferences.filters), [sorted, search, preferences.filters]);

  // Stable across renders, so rows that did not change are not rendered again while scrolling or typing.
  const columns = useMemo<Column<HeartbeatRow>[]>(() => [
    { id: 'name', header: 'Name', sortable: true, width: { min: 140, grow: 1 }, className: 'cell-strong', cell: (row) => row.heartbeat.name ?? '(no name)' },
    { id: 'interval', header: 'Interval', sortable: true, width: 85, cell: (row) => (row.heartbeat.expected_interval === undefined ? '—' : formatDuration(row.heartbeat.expected_interval)) },
    { id: 'lastPing', header: 'Last ping', sortable: true, width: 105, cell: (row) => (row.lastPingAt === undefined ? <span className="cell-muted">never</span> : <RelativeTime at={row.lastPingAt} />) },
    {
      id: 'nextExpected',
      header: 'Next expected',
      sortable: true,
      width: 175,
      cell: (row) =>
        row.nextExpectedAt !== undefined ? (
          <RelativeTime at={row.nextExpectedAt} />
        ) : (
          <span className="cell-muted">{row.lastPingAt === undefined ? 'waiting for first ping' : '—'}</span>
        ),
    },
    {
      id: 'state',
      header: 'State',
      sortable: true,
      width: 110,
      // Waiting counts as fine for the tray, but nothing has proven the job runs yet: shown neutral, not green.
      cell: (row) =>
        row.saving ? <HealthBadge health="saving" label="Saving…" /> : <HealthBadge health={row.state === 'waiting' ? 'unknown' : row.health} label={stateLabels[row.state]} />,
    },
    {
      id: 'actions',
      className: 'row-actions',
      header: 'Actions',
      width: 350,
      cell: (row) => {
        const name = nameOf(row.heartbeat);
        const disabled = row.saving || row.heartbeat.id === undefined;
        const pingUrl = row.heartbeat.ping_url;
        return (
          <>
            {pingUrl !== undefined && (
              <button type="button" className="button button-small" aria-label={`Ping URL for ${name}`} onClick={() => setShowingPing({ heartbeat: row.heartbeat, pingUrl })}>
                Ping URL
              </button>
            )}
            <SnoozeControl itemKey={row.key} name={name} snoozedUntil={row.snoozedUntil} disabled={disabled} />
            <button type="button" className="button button-small button-danger-quiet" disabled={disabled} aria-label={`Delete ${name}`} onClick={() => setDeleting(row)}>
              Delete
            </button>
          </>
        );
      },
    },
  ], []);

  function created(heartbeat: Heartbeat) {
    setCreating(false);
    // The next step is connecting the job, so show how at once.
    if (heartbeat.ping_url !== undefined) setShowingPing({ heartbeat, pingUrl: heartbeat.ping_url });
  }

  function confirmDelete(row: HeartbeatRow) {
    setDeleting(undefined);
    const id = row.heartbeat.id;
    if (id !== undefined) useHeartbeats.getState().deleteRow(row.key, () => vigil().deleteHeartbeat(id), `Heartbeat ${nameOf(row.heartbeat)} deleted.`);
  }

  const newButton = (label: string) => (
    <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
      {label}
    </button>
  );
  return (
    <section className="view view-heartbeats" aria-labelledby="heartbeats-title">
      <PageHeader title="Heartbeats" titleId="heartbeats-title" actions={newButton('New heartbeat')}>
        {summaryOf(joined)}
      </PageHeader>
      {joined.length === 0 ? (
        loaded ? (
          <EmptyState title="No heartbeats yet" action={newButton('Create your first heartbeat')}>
            A heartbeat watches a job that runs on a schedule, like a backup or a cron task: the job pings Vigil each time it finishes, and Vigil tells you when a ping does not come.
          </EmptyState>
        ) : (
          <EmptyState title="Loading heartbeats…">They appear after the first answer from the server.</EmptyState>
        )
      ) : (
        <FilteredTable
          label="Heartbeats"
          noun="heartbeat"
          placeholder="Name"
          filters={heartbeatFilters}
          preferences={preferences}
          change={change}
          defaults={heartbeatListDefaults}
          visible={visible}
          total={joined.length}
          columns={columns}
          highlightKey={focusKey}
        />
      )}
      {creating && <HeartbeatForm onClose={() => setCreating(false)} onCreated={created} />}
      {showingPing !== undefined && <PingDetails heartbeat={showingPing.heartbeat} pingUrl={showingPing.pingUrl} onClose={() => setShowingPing(undefined)} />}
      {deleting !== undefined && (
        <ConfirmDialog title={`Delete ${nameOf(deleting.heartbeat)}?`} confirmLabel="Delete heartbeat" onConfirm={() => confirmDelete(deleting)} onCancel={() => setDeleting(undefined)}>
          Vigil stops expecting pings from this job, and its ping URL stops working. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
