// Heartbeats: the table (search, state filter, sortable columns, remembered) with each job's interval, last ping,
// next expected ping and state, its name leading to its page; create, delete (after confirmation), snooze, edit what
// a person wrote about it (its annotation fields), and the ping URL with a crontab line from each row. Rows come from
// the latest poll with the user's changes laid over them.
import { useMemo, useState } from 'react';
import { formatDuration } from '../../../common/format/duration.ts';
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { describeCron } from '../../../common/schedule/cron-description.ts';
import { vigil } from '../../api/vigil-api.ts';
import { AnnotationDialog, AnnotationsRowButton, hasAnnotations } from '../../components/annotation-dialog.tsx';
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
import { scheduleText } from '../../format/schedule-text.ts';
import { useHeartbeats } from '../../state/resources.ts';
import { useResourceList, type ResourceListSource } from '../../state/use-resource-list.ts';
import { HeartbeatForm } from './heartbeat-form.tsx';
import { filterHeartbeatRows, heartbeatListDefaults, heartbeatRows, sortHeartbeatRows, stateLabels, type HeartbeatRow } from './heartbeat-list.ts';
import { PingDetails } from './ping-details.tsx';

const nameOf = (heartbeat: Heartbeat) => heartbeat.name ?? heartbeat.slug ?? 'heartbeat';

function summaryOf(rows: readonly HeartbeatRow[]): string {
  if (rows.length === 0) return 'No jobs watched yet.';
  const failed = rows.filter((row) => row.state === 'failed').length;
  const down = rows.filter((row) => row.state === 'down').length;
  const late = rows.filter((row) => row.state === 'late').length;
  // Failed runs only where there are any: a server without runs never has them.
  return `${countOf(rows.length, 'heartbeat')}, ${failed > 0 ? `${failed} failed, ` : ''}${down} down, ${late} late.`;
}

/** A scheduled job's schedule in words (its zone on hover), the others' interval. */
function intervalLabel(heartbeat: Heartbeat): string {
  if (heartbeat.schedule !== undefined) return describeCron(heartbeat.schedule) ?? heartbeat.schedule;
  return heartbeat.expected_interval === undefined ? '—' : formatDuration(heartbeat.expected_interval * 1000, 'exact');
}

const heartbeatFilters: readonly FilterChoice[] = [
  filterChoice('state', 'State', 'All states', [['failed', 'Failed'], ['down', 'Down'], ['late', 'Late'], ['up', 'Up'], ['waiting', 'Waiting'], ['unknown', 'Unknown'], ['snoozed', 'Snoozed']]),
];

const heartbeatList: ResourceListSource<Heartbeat, HeartbeatRow> = {
  collection: useHeartbeats, view: 'heartbeats', from: 'status', defaults: heartbeatListDefaults,
  join: heartbeatRows, sort: sortHeartbeatRows, filter: filterHeartbeatRows,
  idOf: ({ heartbeat }) => heartbeat.id, remove: (connectionId, id) => vigil().deleteHeartbeat(connectionId, id), deleted: ({ heartbeat }) => `Heartbeat ${nameOf(heartbeat)} deleted.`,
};

const heartbeatWords: ListWords<HeartbeatRow> = {
  label: 'Heartbeats', noun: 'heartbeat', placeholder: 'Name',
  empty: {
    title: 'No heartbeats yet', createLabel: 'Create your first heartbeat',
    text: 'A heartbeat watches a job that runs on a schedule, like a backup or a cron task: the job pings Vigil each time it finishes, and Vigil tells you when a ping does not come.',
  },
  deleteQuestion: ({ heartbeat }) => ({ title: `Delete ${nameOf(heartbeat)}?`, confirmLabel: 'Delete heartbeat', text: 'Vigil stops expecting pings from this job, and its ping URL stops working. This cannot be undone.' }),
};

export function HeartbeatsView() {
  const list = useResourceList(heartbeatList);
  const [creating, setCreating] = useState(false);
  const [showingPing, setShowingPing] = useState<{ heartbeat: Heartbeat; pingUrl: string; connectionId: string | undefined } | undefined>();
  const [annotating, setAnnotating] = useState<HeartbeatRow | undefined>();

  // Stable across renders, so rows that did not change are not rendered again while scrolling or typing.
  const { askToDelete } = list;
  // Beside a Server column the row has no room for one more button at 1280 pixels: the annotations are edited from the
  // heartbeat's page there.
  const annotationsInRow = hasAnnotations('heartbeat') && !list.manyServers;
  const statusWidth = useStatusColumnWidth(list.rows, 110);
  // Wide enough for the longest schedule in words, within reason.
  const intervalWidth = useMemo(() => Math.min(240, fittedColumnWidth(list.rows.map((row) => intervalLabel(row.heartbeat)), 85)), [list.rows]);
  const columns = useMemo<Column<HeartbeatRow>[]>(() => [
    { id: 'name', header: 'Name', sortable: true, width: { min: 140, grow: 1 }, className: 'cell-strong', cell: (row) => (row.heartbeat.id === undefined || row.saving ? (row.heartbeat.name ?? '(no name)') : <ItemLink itemKey={row.key} name={row.heartbeat.name ?? '(no name)'} />) },
    { id: 'interval', header: 'Interval', sortable: true, width: intervalWidth, cell: (row) => <span title={scheduleText(row.heartbeat)}>{intervalLabel(row.heartbeat)}</span> },
    { id: 'lastPing', header: 'Last ping', sortable: true, width: 95, cell: (row) => (row.lastPingAt === undefined ? <span className="cell-muted">never</span> : <RelativeTime at={row.lastPingAt} />) },
    {
      id: 'nextExpected',
      header: 'Next expected',
      sortable: true,
      // "waiting for first ping" over two lines: at 1280 pixels, beside a Server column, the row has no more room.
      width: 120,
      cell: (row) =>
        row.nextExpectedAt !== undefined ? (
          <RelativeTime at={row.nextExpectedAt} />
        ) : (
          <span className="cell-muted cell-two-lines">{row.lastPingAt === undefined ? 'waiting for first ping' : '—'}</span>
        ),
    },
    {
      id: 'state',
      header: 'State',
      sortable: true,
      width: statusWidth,
      // Waiting counts as fine for the tray, but nothing has proven the job runs yet: shown neutral, not green.
      cell: (row) =>
        row.saving ? <HealthBadge health="saving" label="Saving…" /> : <StatusBadges health={row.state === 'waiting' ? 'unknown' : row.health} label={stateLabels[row.state]} judgement={row} />,
    },
    actionsColumn(annotationsInRow ? 365 : 300, (row) => {
      const name = nameOf(row.heartbeat);
      const disabled = row.saving || row.heartbeat.id === undefined;
      const pingUrl = row.heartbeat.ping_url;
      return (
        <>
          {pingUrl !== undefined && (
            <button type="button" className="button button-small" aria-label={`Ping URL for ${name}`} onClick={() => setShowingPing({ heartbeat: row.heartbeat, pingUrl, connectionId: parseServerItemKey(row.key)?.connectionId })}>
              Ping URL
            </button>
          )}
          {annotationsInRow && <AnnotationsRowButton kind="heartbeat" name={name} disabled={disabled} onClick={() => setAnnotating(row)} />}
          <SnoozeControl itemKey={row.key} name={name} snoozedUntil={row.snoozedUntil} disabled={disabled} />
          <MaintenanceControl target={{ scope: 'item', itemKey: row.key }} label={name} small disabled={disabled} />
          <DeleteButton name={name} disabled={disabled} onClick={() => askToDelete(row)} />
        </>
      );
    }),
  ], [askToDelete, statusWidth, intervalWidth, annotationsInRow]);

  function created(heartbeat: Heartbeat, connectionId: string) {
    setCreating(false);
    // The next step is connecting the job, so show how at once.
    if (heartbeat.ping_url !== undefined) setShowingPing({ heartbeat, pingUrl: heartbeat.ping_url, connectionId });
  }

  return (
    <section className="view view-heartbeats" aria-labelledby="heartbeats-title">
      <PageHeader title="Heartbeats" titleId="heartbeats-title" actions={<CreateButton label="New heartbeat" onClick={() => setCreating(true)} />}>
        {summaryOf(list.rows)}
      </PageHeader>
      <ResourceListBody list={list} words={heartbeatWords} filters={heartbeatFilters} columns={columns} onCreate={() => setCreating(true)} />
      {creating && <HeartbeatForm onClose={() => setCreating(false)} onCreated={created} />}
      {annotating !== undefined && (
        <AnnotationDialog
          annotated={{ kind: 'heartbeat', item: annotating.heartbeat }}
          connectionId={annotating.connectionId}
          itemKey={annotating.key}
          name={nameOf(annotating.heartbeat)}
          onClose={() => setAnnotating(undefined)}
        />
      )}
      {showingPing !== undefined && <PingDetails heartbeat={showingPing.heartbeat} pingUrl={showingPing.pingUrl} connectionId={showingPing.connectionId} onClose={() => setShowingPing(undefined)} />}
    </section>
  );
}
