// Domains: the table (search, state filter, sortable columns, remembered) with each domain's expiry date, the
// days left coloured by the user's thresholds, and its registrar; add, delete (after confirmation) and snooze from
// each row. Rows come from the latest poll with the user's changes laid over them.
import { useDeferredValue, useMemo, useState } from 'react';
import { vigil } from '../../api/vigil-api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { countOf } from '../../format/count.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SnoozeControl } from '../../components/snooze-control.tsx';
import { FilteredTable, type FilterChoice } from '../../components/filtered-table.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { formatCalendarDate } from '../../format/time.ts';
import { useListState } from '../../state/list-preferences.ts';
import { useNavigation } from '../../state/navigation-store.ts';
import { useDomains } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';
import { DomainForm } from './domain-form.tsx';
import { daysLeftLabel, domainListDefaults, domainRows, filterDomainRows, sortDomainRows, type DomainRow } from './domain-list.ts';

const notLookedUp = 'The registry has not answered a lookup for this domain yet. The server keeps asking; expiry alerts start once it answers.';

const nameOf = (row: DomainRow) => row.domain.domain ?? 'domain';

function summaryOf(rows: readonly DomainRow[]): string {
  if (rows.length === 0) return 'No domains watched yet.';
  const expired = rows.filter((row) => row.state === 'expired').length;
  const expiring = rows.filter((row) => row.state === 'expiring').length;
  return `${countOf(rows.length, 'domain')}, ${expired} expired, ${expiring} expiring soon.`;
}

const columns: Column<DomainRow>[] = [
  { id: 'domain', header: 'Domain', sortable: true, width: { min: 160, grow: 2 }, className: 'cell-strong', cell: (row) => row.domain.domain ?? '(no name)' },
  {
    id: 'expires',
    header: 'Expires',
    sortable: true,
    width: 130,
    cell: (row) =>
      row.domain.expires_on !== undefined ? (
        formatCalendarDate(row.domain.expires_on)
      ) : row.daysLeft === undefined ? (
        <span className="cell-muted" title={notLookedUp}>
          Not known yet
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
        <HealthBadge health={row.health} label={daysLeftLabel(row.daysLeft)} />
      ),
  },
  { id: 'registrar', header: 'Registrar', sortable: true, width: { min: 120, grow: 1.2 }, cell: (row) => row.domain.registrar ?? <span className="cell-muted">—</span> },
];

const domainFilters: readonly FilterChoice[] = [
  {
    id: 'state',
    label: 'Expiry',
    options: [
      { value: 'all', label: 'All domains' },
      { value: 'expired', label: 'Expired' },
      { value: 'expiring', label: 'Expiring soon' },
      { value: 'ok', label: 'Not expiring soon' },
      { value: 'unknown', label: 'Expiry not known' },
      { value: 'snoozed', label: 'Snoozed' },
    ],
  },
];

export function DomainsView() {
  const rows = useDomains((state) => state.rows);
  const loaded = useDomains((state) => state.baseAt !== undefined);
  const items = useStatus((state) => state.itemsByKey);
  const focusKey = useNavigation((state) => state.focusKey);
  const [preferences, change] = useListState('domains', domainListDefaults);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<DomainRow | undefined>();

  // Days left are counted from today only for domains the server gave a date without a count; a new poll (which
  // replaces the rows) is soon enough to move them on.
  const joined = useMemo(() => domainRows(rows, items, Date.now()), [rows, items]);
  const sorted = useMemo(() => sortDomainRows(joined, preferences.sortBy, preferences.direction), [joined, preferences.sortBy, preferences.direction]);
  // Typing stays responsive on 10,000 rows: the list follows the search a moment later if it must.
  const search = useDeferredValue(preferences.search);
  const visible = useMemo(() => filterDomainRows(sorted, search, preferences.filters), [sorted, search, preferences.filters]);
  const unknownCount = useMemo(() => joined.filter((row) => row.daysLeft === undefined && !row.saving).length, [joined]);

  // Stable across renders, so rows that did not change are not rendered again while scrolling or typing.
  const allColumns = useMemo<Column<DomainRow>[]>(() => [
    ...columns,
    {
      id: 'actions',
      className: 'row-actions',
      header: 'Actions',
      width: 270,
      cell: (row) => {
        const name = nameOf(row);
        const disabled = row.saving || row.domain.id === undefined;
        return (
          <>
            <SnoozeControl itemKey={row.key} name={name} snoozedUntil={row.snoozedUntil} disabled={disabled} />
            <button type="button" className="button button-small button-danger-quiet" disabled={disabled} aria-label={`Delete ${name}`} onClick={() => setDeleting(row)}>
              Delete
            </button>
          </>
        );
      },
    },
  ], []);

  function confirmDelete(row: DomainRow) {
    setDeleting(undefined);
    const id = row.domain.id;
    if (id !== undefined) useDomains.getState().deleteRow(row.key, () => vigil().deleteDomain(id), `${nameOf(row)} is no longer watched.`);
  }

  const addButton = (label: string) => (
    <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
      {label}
    </button>
  );
  return (
    <section className="view view-domains" aria-labelledby="domains-title">
      <PageHeader title="Domains" titleId="domains-title" actions={addButton('Add domain')}>
        {summaryOf(joined)}
      </PageHeader>
      {joined.length === 0 ? (
        loaded ? (
          <EmptyState title="No domains watched yet" action={addButton('Add your first domain')}>
            Vigil looks up when each domain’s registration expires and warns you well before it does.
          </EmptyState>
        ) : (
          <EmptyState title="Loading domains…">They appear after the first answer from the server.</EmptyState>
        )
      ) : (
        <FilteredTable
          label="Domains"
          noun="domain"
          placeholder="Domain or registrar"
          filters={domainFilters}
          preferences={preferences}
          change={change}
          defaults={domainListDefaults}
          visible={visible}
          total={joined.length}
          columns={allColumns}
          highlightKey={focusKey}
          note={
            unknownCount > 0 && (
              <p className="list-note" role="note">
                Expiry not known yet for {countOf(unknownCount, 'domain')}: the registry has not answered. The server keeps asking, and expiry alerts start once it answers.
              </p>
            )
          }
        />
      )}
      {adding && <DomainForm onClose={() => setAdding(false)} />}
      {deleting !== undefined && (
        <ConfirmDialog title={`Stop watching ${nameOf(deleting)}?`} confirmLabel="Delete domain" onConfirm={() => confirmDelete(deleting)} onCancel={() => setDeleting(undefined)}>
          Vigil stops looking up when {nameOf(deleting)} expires and will not warn you about it. The domain itself is not affected.
        </ConfirmDialog>
      )}
    </section>
  );
}
