// Sources: every item the read-only sources show (Uptime Kuma, Healthchecks, Gatus, UptimeRobot, Alertmanager, status
// pages), in one table with its source, searched and filtered by source and by how it stands. Vigil only reads
// them, which the view says once; each row opens its item's page in its source ("Open in Uptime Kuma") and offers
// "I'm on it" and a snooze, which are Vigil's own. Rows come from the status, so they follow every poll.
import { useId, useMemo } from 'react';
import { CONNECTION_KIND_LABELS, isReadOnlySource } from '../../../common/ipc/connection-kinds.ts';
import { itemKindName } from '../../../common/ipc/item-key.ts';
import { AcknowledgeControl } from '../../components/acknowledge-control.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FilteredTable, filterChoice, type FilterChoice } from '../../components/filtered-table.tsx';
import { ItemLink } from '../../components/item-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { actionsColumn } from '../../components/row-actions.tsx';
import { SnoozeControl } from '../../components/snooze-control.tsx';
import { StatusBadges } from '../../components/status-badges.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { countOf } from '../../format/count.ts';
import { stateLabel } from '../../format/state-label.ts';
import { useListState } from '../../state/list-preferences.ts';
import { useNavigation } from '../../state/navigation-store.ts';
import { useStatus } from '../../state/status-store.ts';
import { HeldFor } from '../overview/overview-columns.tsx';
import { filterSourceRows, sortSourceRows, sourceListDefaults, sourceRows, type SourceRow } from './source-list.ts';

const columns: Column<SourceRow>[] = [
  { id: 'name', header: 'Name', sortable: true, width: { min: 150, grow: 2 }, className: 'cell-strong', cell: (row) => <ItemLink itemKey={row.key} name={row.item.name} /> },
  {
    id: 'source',
    header: 'Source',
    sortable: true,
    width: { min: 140, grow: 1.2 },
    cell: (row) => (
      <span title={`${row.source.name}, ${CONNECTION_KIND_LABELS[row.source.sourceKind]}: ${itemKindName(row.item).toLowerCase()}`}>
        {row.source.name} <span className="cell-muted">· {CONNECTION_KIND_LABELS[row.source.sourceKind]}</span>
      </span>
    ),
  },
  { id: 'group', header: 'Group', sortable: true, width: 96, cell: (row) => row.item.sourceItem?.group ?? <span className="cell-muted">—</span> },
  { id: 'state', header: 'Status', sortable: true, width: 150, cell: (row) => <StatusBadges health={row.item.health} label={stateLabel(row.item.state)} judgement={row.item} /> },
  { id: 'since', header: 'For how long', sortable: true, width: 100, cell: (row) => <HeldFor item={row.item} /> },
  { id: 'detail', header: 'Details', width: { min: 120, grow: 2 }, cell: (row) => row.item.detail },
  {
    id: 'open',
    header: 'In source',
    width: 80,
    // "Open in Uptime Kuma" to assistive technology; the column says where, the link that it opens.
    cell: (row) =>
      row.open === undefined ? (
        <span className="cell-muted">—</span>
      ) : (
        <a href={row.open.href} target="_blank" rel="noreferrer" aria-label={`${row.open.label}: ${row.item.name}`} title={row.open.label}>
          Open ↗
        </a>
      ),
  },
  actionsColumn(170, (row) => (
    <>
      <AcknowledgeControl item={row.item} />
      <SnoozeControl itemKey={row.key} name={row.item.name} snoozedUntil={row.item.snoozedUntil} />
    </>
  )),
];

export function SourcesView() {
  const titleId = useId();
  const status = useStatus((state) => state.status);
  const focusKey = useNavigation((state) => state.focusKey);
  const [preferences, change] = useListState('sources', sourceListDefaults);
  const sources = useMemo(() => (status?.servers ?? []).map((server) => server.connection).filter((connection) => isReadOnlySource(connection.sourceKind)), [status]);
  const rows = useMemo(() => sourceRows(status?.items ?? [], sources), [status, sources]);
  const visible = useMemo(() => sortSourceRows(filterSourceRows(rows, preferences), preferences), [rows, preferences]);
  const filters: readonly FilterChoice[] = useMemo(
    () => [
      filterChoice('source', 'Source', 'All sources', sources.map((source) => [source.id, source.name] as const)),
      filterChoice('state', 'Status', 'Every status', [['problem', 'Problems'], ['ok', 'Fine'], ['maintenance', 'In maintenance'], ['aside', 'Acknowledged or snoozed'], ['unknown', 'Not known']]),
    ],
    [sources],
  );
  const problems = rows.filter((row) => (row.item.health === 'critical' || row.item.health === 'warning') && row.item.acknowledgedAt === undefined && row.item.snoozedUntil === undefined && row.item.maintenance === undefined).length;

  return (
    <section className="view" aria-labelledby={titleId}>
      <PageHeader
        title="Sources"
        titleId={titleId}
        actions={
          <button type="button" className="button" onClick={() => useNavigation.getState().go('settings')}>
            Add a source
          </button>
        }
      >
        {sources.length === 0 ? 'No source watched yet.' : `${countOf(rows.length, 'item')} from ${countOf(sources.length, 'source')}, ${problems === 0 ? 'none' : problems} with a problem.`}
      </PageHeader>
      {sources.length === 0 ? (
        <EmptyState
          title="No sources watched yet"
          action={
            <button type="button" className="button button-primary" onClick={() => useNavigation.getState().go('settings')}>
              Add a source
            </button>
          }
        >
          Watch what you already run — Uptime Kuma, Healthchecks, Gatus, UptimeRobot, Alertmanager — and the status pages you depend on, beside your own servers.
        </EmptyState>
      ) : (
        <FilteredTable
          label="Sources"
          noun="item"
          placeholder="Name, source, group or details"
          filters={filters}
          preferences={preferences}
          change={change}
          defaults={sourceListDefaults}
          visible={visible}
          total={rows.length}
          columns={columns}
          highlightKey={focusKey}
          note={
            <p className="list-note" role="note">
              Vigil only reads these: they are created, changed and deleted in their own tools (each row opens its item there). Acknowledging, snoozing, maintenance and rules are Vigil’s own.
            </p>
          }
        />
      )}
    </section>
  );
}
