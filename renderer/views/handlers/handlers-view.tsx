// Notification handlers: where alerts go. They are not part of the status, so the view lists them when it opens
// (and again for another server), says so while it waits, and offers a retry when that fails. The table (search,
// type filter, sortable columns, remembered) offers create and delete (after confirmation).
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { vigil } from '../../api/vigil-api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { countOf } from '../../format/count.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { FilteredTable } from '../../components/filtered-table.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { useListState } from '../../state/list-preferences.ts';
import { loadHandlers, useHandlers } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';
import { HandlerForm } from './handler-form.tsx';
import { filterHandlerRows, handlerListDefaults, handlerRows, sortHandlerRows, type HandlerRow } from './handler-list.ts';
import { typeLabel } from './handler-types.ts';

const nameOf = (row: HandlerRow) => row.handler.name ?? 'handler';

export function HandlersView() {
  const rows = useHandlers((state) => state.rows);
  const loaded = useHandlers((state) => state.baseAt !== undefined);
  const connection = useStatus((state) => state.status?.connection);
  const [preferences, change] = useListState('handlers', handlerListDefaults);
  /** Why the latest listing failed; the view shows "Loading…" until a list arrives or this is set. */
  const [failure, setFailure] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<HandlerRow | undefined>();

  const load = useCallback(async () => {
    setFailure(undefined);
    const listing = await loadHandlers();
    if (listing.outcome === 'failed') setFailure(listing.message);
  }, []);
  // Listed on opening, and again when another server is chosen (its handlers replace these).
  const connectionId = connection?.id;
  useEffect(() => {
    void load();
  }, [load, connectionId]);

  const joined = useMemo(() => handlerRows(rows), [rows]);
  const sorted = useMemo(() => sortHandlerRows(joined, preferences.sortBy, preferences.direction), [joined, preferences.sortBy, preferences.direction]);
  const search = useDeferredValue(preferences.search);
  const visible = useMemo(() => filterHandlerRows(sorted, search, preferences.filters), [sorted, search, preferences.filters]);
  const typesInUse = useMemo(() => joined.map((row) => row.handler.type), [joined]);
  const typeFilter = preferences.filters['type'] ?? 'all';
  const filterTypes = useMemo(() => [...new Set([...typesInUse, typeFilter])].filter((type): type is string => type !== undefined && type !== 'all').sort(), [typesInUse, typeFilter]);

  // Stable across renders, so rows that did not change are not rendered again while scrolling or typing.
  const columns = useMemo<Column<HandlerRow>[]>(() => [
    { id: 'name', header: 'Name', sortable: true, width: { min: 140, grow: 1.2 }, className: 'cell-strong', cell: (row) => row.handler.name ?? '(no name)' },
    {
      id: 'type',
      header: 'Type',
      sortable: true,
      width: 110,
      cell: (row) => (row.saving ? <HealthBadge health="saving" label="Saving…" /> : typeLabel(row.handler.type)),
    },
    { id: 'destination', header: 'Destination', sortable: true, width: { min: 200, grow: 2.4 }, className: 'cell-mono', cell: (row) => row.handler.destination ?? '—' },
    {
      id: 'actions',
      className: 'row-actions',
      header: 'Actions',
      width: 100,
      cell: (row) => (
        <>
          <button
            type="button"
            className="button button-small button-danger-quiet"
            disabled={row.saving || row.handler.id === undefined}
            aria-label={`Delete ${nameOf(row)}`}
            onClick={() => setDeleting(row)}
          >
            Delete
          </button>
        </>
      ),
    },
  ], []);

  function confirmDelete(row: HandlerRow) {
    setDeleting(undefined);
    const id = row.handler.id;
    if (id !== undefined) useHandlers.getState().deleteRow(row.key, () => vigil().deleteNotificationHandler(id), `Notification handler ${nameOf(row)} deleted.`);
  }

  const newButton = (label: string) => (
    <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
      {label}
    </button>
  );
  const retry = (
    <button type="button" className="button" onClick={() => void load()}>
      Try again
    </button>
  );

  function body() {
    if (!loaded) {
      if (failure !== undefined) {
        return (
          <EmptyState title="The notification handlers could not be listed" action={retry}>
            {failure}
          </EmptyState>
        );
      }
      return <EmptyState title="Loading notification handlers…">They are asked for from {connection?.name ?? 'the server'}.</EmptyState>;
    }
    if (joined.length === 0) {
      return (
        <EmptyState title="No notification handlers yet" action={newButton('Create your first handler')}>
          A handler says where alerts go, like an email address or a webhook. Without one, the server has nowhere to send them.
        </EmptyState>
      );
    }
    return (
      <FilteredTable
        label="Notification handlers"
        noun="handler"
        placeholder="Name, type or destination"
        filters={[{ id: 'type', label: 'Type', options: [{ value: 'all', label: 'All types' }, ...filterTypes.map((type) => ({ value: type, label: typeLabel(type) }))] }]}
        preferences={preferences}
        change={change}
        defaults={handlerListDefaults}
        visible={visible}
        total={joined.length}
        columns={columns}
      />
    );
  }

  const count = joined.length;
  return (
    <section className="view" aria-labelledby="handlers-title">
      <PageHeader title="Notification handlers" titleId="handlers-title" actions={newButton('New handler')}>
        {!loaded ? 'Where alerts go.' : count === 0 ? 'Alerts have nowhere to go yet.' : `${countOf(count, 'handler')} ${count === 1 ? 'receives' : 'receive'} alerts.`}
      </PageHeader>
      {loaded && failure !== undefined && (
        <div className="form-error list-error" role="alert">
          <p>The list may be out of date: {failure}</p>
          {retry}
        </div>
      )}
      {body()}
      {creating && <HandlerForm local={connection?.kind === 'local'} typesInUse={typesInUse} onClose={() => setCreating(false)} />}
      {deleting !== undefined && (
        <ConfirmDialog title={`Delete ${nameOf(deleting)}?`} confirmLabel="Delete handler" onConfirm={() => confirmDelete(deleting)} onCancel={() => setDeleting(undefined)}>
          Alerts are no longer sent to {deleting.handler.destination ?? 'its destination'}. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
