// Notification handlers: where alerts go. They are not part of the status, so the view lists them when it opens
// (and again for another server), says so while it waits, and offers a retry when that fails. The table (search,
// type filter, sortable columns, remembered) offers create and delete (after confirmation).
import { useMemo, useState } from 'react';
import type { NotificationHandler } from '../../../common/ipc/views.ts';
import { vigil } from '../../api/vigil-api.ts';
import { CreateButton } from '../../components/create-button.tsx';
import { filterChoice } from '../../components/filtered-table.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ResourceListBody, type ListWords } from '../../components/resource-list-body.tsx';
import { actionsColumn, DeleteButton } from '../../components/row-actions.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { countOf } from '../../format/count.ts';
import { useHandlers } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';
import { useResourceList, type ResourceListSource } from '../../state/use-resource-list.ts';
import { HandlerForm } from './handler-form.tsx';
import { filterHandlerRows, handlerListDefaults, handlerRows, sortHandlerRows, type HandlerRow } from './handler-list.ts';
import { useHandlerListing } from './handler-listing.ts';
import { typeLabel } from './handler-types.ts';

const nameOf = (row: HandlerRow) => row.handler.name ?? 'handler';

const handlerList: ResourceListSource<NotificationHandler, HandlerRow> = {
  collection: useHandlers, view: 'handlers', from: 'listing', defaults: handlerListDefaults,
  join: handlerRows, sort: sortHandlerRows, filter: filterHandlerRows,
  idOf: (row) => row.handler.id, remove: (id) => vigil().deleteNotificationHandler(id), deleted: (row) => `Notification handler ${nameOf(row)} deleted.`,
};

const handlerWords: ListWords<HandlerRow> = {
  label: 'Notification handlers', noun: 'handler', placeholder: 'Name, type or destination',
  empty: {
    title: 'No notification handlers yet', createLabel: 'Create your first handler',
    text: 'A handler says where alerts go, like an email address or a webhook. Without one, the server has nowhere to send them.',
  },
  deleteQuestion: (row) => ({ title: `Delete ${nameOf(row)}?`, confirmLabel: 'Delete handler', text: `Alerts are no longer sent to ${row.handler.destination ?? 'its destination'}. This cannot be undone.` }),
};

export function HandlersView() {
  const list = useResourceList(handlerList);
  const connection = useStatus((state) => state.status?.connection);
  const { failure, load } = useHandlerListing(connection?.id);
  const [creating, setCreating] = useState(false);

  const { rows, loaded, askToDelete } = list;
  const typesInUse = useMemo(() => rows.map((row) => row.handler.type), [rows]);
  const typeFilter = list.preferences.filters['type'] ?? 'all';
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
    actionsColumn(100, (row) => <DeleteButton name={nameOf(row)} disabled={row.saving || row.handler.id === undefined} onClick={() => askToDelete(row)} />),
  ], [askToDelete]);

  const retry = (
    <button type="button" className="button" onClick={() => void load()}>
      Try again
    </button>
  );
  const count = rows.length;
  return (
    <section className="view" aria-labelledby="handlers-title">
      <PageHeader title="Notification handlers" titleId="handlers-title" actions={<CreateButton label="New handler" onClick={() => setCreating(true)} />}>
        {!loaded ? 'Where alerts go.' : count === 0 ? 'Alerts have nowhere to go yet.' : `${countOf(count, 'handler')} ${count === 1 ? 'receives' : 'receive'} alerts.`}
      </PageHeader>
      {loaded && failure !== undefined && (
        <div className="form-error list-error" role="alert">
          <p>The list may be out of date: {failure}</p>
          {retry}
        </div>
      )}
      <ResourceListBody
        list={list}
        words={handlerWords}
        onCreate={() => setCreating(true)}
        filters={[filterChoice('type', 'Type', 'All types', filterTypes.map((type) => [type, typeLabel(type)]))]}
        columns={columns}
        waiting={
          failure === undefined
            ? { title: 'Loading notification handlers…', text: `They are asked for from ${connection?.name ?? 'the server'}.` }
            : { title: 'The notification handlers could not be listed', text: failure, action: retry }
        }
      />
      {creating && <HandlerForm local={connection?.kind === 'local'} typesInUse={typesInUse} onClose={() => setCreating(false)} />}
    </section>
  );
}
