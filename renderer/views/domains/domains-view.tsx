// Domains: the table (search, state filter, sortable columns, remembered) with each domain's expiry date, the
// days left coloured by the user's thresholds, and its registrar (its name leading to its page); add, delete (after
// confirmation), snooze and edit what a person wrote about it (its annotation fields) from each row. Rows come from
// the latest poll with the user's changes laid over them.
import { useMemo, useState } from 'react';
import { domainNameForPeople } from '../../../common/api/index.ts';
import type { Domain } from '../../../common/ipc/views.ts';
import { vigil } from '../../api/vigil-api.ts';
import { AnnotationDialog, AnnotationsRowButton, hasAnnotations } from '../../components/annotation-dialog.tsx';
import { CreateButton } from '../../components/create-button.tsx';
import { filterChoice, type FilterChoice } from '../../components/filtered-table.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { ItemLink } from '../../components/item-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ResourceListBody, type ListWords } from '../../components/resource-list-body.tsx';
import { actionsColumn, DeleteButton } from '../../components/row-actions.tsx';
import { MaintenanceControl } from '../maintenance/maintenance-control.tsx';
import { SnoozeControl } from '../../components/snooze-control.tsx';
import { StatusBadges } from '../../components/status-badges.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { countOf } from '../../format/count.ts';
import { formatCalendarDate } from '../../format/time.ts';
import { useDomains } from '../../state/resources.ts';
import { useResourceList, type ResourceListSource } from '../../state/use-resource-list.ts';
import { DomainForm } from './domain-form.tsx';
import { daysLeftLabel, domainListDefaults, domainRows, filterDomainRows, sortDomainRows, unknownExpiryGroups, type DomainRow, type UnknownExpiryGroup } from './domain-list.ts';

const notLookedUp = 'The registry has not answered a lookup for this domain yet. The server keeps asking; expiry alerts start once it answers.';
/** Groups of domains named in the note before it says "and N more". */
const reasonsShown = 4;

/** As people write it (`bücher.de`); the server keeps and is sent its ASCII form (`xn--bcher-kva.de`). */
const nameOf = (row: DomainRow) => (row.domain.domain === undefined ? 'domain' : domainNameForPeople(row.domain.domain));

function summaryOf(rows: readonly DomainRow[]): string {
  if (rows.length === 0) return 'No domains watched yet.';
  const expired = rows.filter((row) => row.state === 'expired').length;
  const expiring = rows.filter((row) => row.state === 'expiring').length;
  return `${countOf(rows.length, 'domain')}, ${expired} expired, ${expiring} expiring soon.`;
}

const columns: Column<DomainRow>[] = [
  { id: 'domain', header: 'Domain', sortable: true, width: { min: 160, grow: 2 }, className: 'cell-strong', cell: (row) => (row.domain.id === undefined || row.saving ? nameOf(row) : <ItemLink itemKey={row.key} name={nameOf(row)} />) },
  {
    id: 'expires',
    header: 'Expires',
    sortable: true,
    width: 130,
    cell: (row) =>
      row.domain.expires_on !== undefined ? (
        formatCalendarDate(row.domain.expires_on)
      ) : row.daysLeft === undefined ? (
        <span className="cell-muted" title={row.domain.last_error === undefined ? notLookedUp : `The latest lookup failed: ${row.domain.last_error}`}>
          {row.domain.last_error === undefined ? 'Not known yet' : 'Lookup failed'}
        </span>
      ) : (
        '—'
      ),
  },
  {
    id: 'daysLeft',
    header: 'Days left',
    sortable: true,
    width: 180,
    cell: (row) =>
      row.saving ? (
        <HealthBadge health="saving" label="Saving…" />
      ) : row.daysLeft === undefined ? (
        <HealthBadge health="unknown" label="Unknown" />
      ) : (
        <StatusBadges health={row.health} label={daysLeftLabel(row.daysLeft)} judgement={row} />
      ),
  },
  { id: 'registrar', header: 'Registrar', sortable: true, width: { min: 120, grow: 1.2 }, cell: (row) => row.domain.registrar ?? <span className="cell-muted">—</span> },
];

const domainFilters: readonly FilterChoice[] = [
  filterChoice('state', 'Expiry', 'All domains', [['expired', 'Expired'], ['expiring', 'Expiring soon'], ['ok', 'Not expiring soon'], ['unknown', 'Expiry not known'], ['snoozed', 'Snoozed']]),
];

const domainList: ResourceListSource<Domain, DomainRow> = {
  collection: useDomains, view: 'domains', from: 'status', defaults: domainListDefaults,
  // Days left are counted from today only for domains the server gave a date without a count; a new poll (which
  // replaces the rows) is soon enough to move them on.
  join: (rows, items, serverNames) => domainRows(rows, items, serverNames, Date.now()),
  sort: sortDomainRows, filter: filterDomainRows,
  idOf: (row) => row.domain.id, remove: (connectionId, id) => vigil().deleteDomain(connectionId, id), deleted: (row) => `${nameOf(row)} is no longer watched.`,
};

const domainWords: ListWords<DomainRow> = {
  label: 'Domains', noun: 'domain', placeholder: 'Domain or registrar',
  empty: { title: 'No domains watched yet', createLabel: 'Add your first domain', text: 'Vigil looks up when each domain’s registration expires and warns you well before it does.' },
  deleteQuestion: (row) => ({
    title: `Stop watching ${nameOf(row)}?`, confirmLabel: 'Delete domain',
    text: `Vigil stops looking up when ${nameOf(row)} expires and will not warn you about it. The domain itself is not affected.`,
  }),
};

/**
 * Why some expiry dates are not known. Where the server says why its lookups fail, each reason with its domains (the
 * same reason, such as no network, once for all of them); otherwise that the registry has not answered yet.
 */
function UnknownExpiryNote({ groups }: { groups: readonly UnknownExpiryGroup[] }) {
  const count = groups.reduce((sum, group) => sum + group.names.length, 0);
  if (groups.every((group) => group.reason === undefined)) {
    return (
      <p className="list-note" role="note">
        Expiry not known yet for {countOf(count, 'domain')}: the registry has not answered. The server keeps asking, and expiry alerts start once it answers.
      </p>
    );
  }
  const shown = groups.slice(0, reasonsShown);
  const more = groups.slice(reasonsShown).reduce((sum, group) => sum + group.names.length, 0);
  return (
    <div className="list-note lookup-reasons" role="note">
      <p>Expiry not known for {countOf(count, 'domain')}. The server keeps asking, and expiry alerts start once the registry answers.</p>
      <ul>
        {shown.map((group) => (
          <li key={group.reason ?? ''}>
            <strong>{group.names.join(', ')}</strong> — {group.reason ?? 'not looked up yet'}
          </li>
        ))}
        {more > 0 && <li>and {countOf(more, 'more domain')}</li>}
      </ul>
    </div>
  );
}

export function DomainsView() {
  const list = useResourceList(domainList);
  const [adding, setAdding] = useState(false);
  const [annotating, setAnnotating] = useState<DomainRow | undefined>();

  const { rows, askToDelete } = list;
  const unknownExpiry = useMemo(() => unknownExpiryGroups(rows), [rows]);
  // Beside a Server column the row has no room for one more button at 1280 pixels: the annotations are edited from the
  // domain's page there.
  const annotationsInRow = hasAnnotations('domain') && !list.manyServers;

  // Stable across renders, so rows that did not change are not rendered again while scrolling or typing.
  const allColumns = useMemo<Column<DomainRow>[]>(() => [
    ...columns,
    // Snooze, Maintenance and Delete side by side (and its annotations, where there is no Server column), and no more: the
    // list has no room to spare beside a Server column.
    actionsColumn(annotationsInRow ? 305 : 240, (row) => {
      const name = nameOf(row);
      const disabled = row.saving || row.domain.id === undefined;
      return (
        <>
          {annotationsInRow && <AnnotationsRowButton kind="domain" name={name} disabled={disabled} onClick={() => setAnnotating(row)} />}
          <SnoozeControl itemKey={row.key} name={name} snoozedUntil={row.snoozedUntil} disabled={disabled} />
          <MaintenanceControl target={{ scope: 'item', itemKey: row.key }} label={name} small disabled={disabled} />
          <DeleteButton name={name} disabled={disabled} onClick={() => askToDelete(row)} />
        </>
      );
    }),
  ], [askToDelete, annotationsInRow]);

  return (
    <section className="view view-domains" aria-labelledby="domains-title">
      <PageHeader title="Domains" titleId="domains-title" actions={<CreateButton label="Add domain" onClick={() => setAdding(true)} />}>
        {summaryOf(rows)}
      </PageHeader>
      <ResourceListBody
        list={list}
        words={domainWords}
        filters={domainFilters}
        columns={allColumns}
        onCreate={() => setAdding(true)}
        note={unknownExpiry.length > 0 && <UnknownExpiryNote groups={unknownExpiry} />}
      />
      {adding && <DomainForm onClose={() => setAdding(false)} />}
      {annotating !== undefined && (
        <AnnotationDialog annotated={{ kind: 'domain', item: annotating.domain }} connectionId={annotating.connectionId} itemKey={annotating.key} name={nameOf(annotating)} onClose={() => setAnnotating(undefined)} />
      )}
    </section>
  );
}
