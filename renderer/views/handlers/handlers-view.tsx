// Notification handlers: where alerts go, each on its own server (which delivers its own items' alerts). They are
// not part of the status, so the view lists every enabled server's when it opens (and again when the servers
// change), says so while it waits, and offers a retry when a server's listing fails. The table (search, type
// filter, sortable columns, remembered; a Server column and filter with more than one server) offers create and
// delete (after confirmation).
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
import { useHandlers, type HandlerListingFailure } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';
import { useResourceList, type ResourceListSource } from '../../state/use-resource-list.ts';
import { HandlerForm } from './handler-form.tsx';
import { filterHandlerRows, handlerListDefaults, handlerRows, sortHandlerRows, type HandlerRow } from './handler-list.ts';
import { useHandlerListing } from './handler-listing.ts';
import { typeLabel } from './handler-types.ts';

const nameOf = (row: HandlerRow) => row.handler.name ?? 'handler';

/** "Work's handlers may be out of date: …", naming the server only when there are several. */
function listingFailure(failed: HandlerListingFailure, serverCount: number): string {
  return serverCount > 1 ? `The handlers of ${failed.serverName} may be out of date: ${failed.message}` : `The list may be out of date: ${failed.message}`;
}

/** "This computer", "This computer and Work", "This computer, Work and Shop". */
function serverList(serverNames: ReadonlyMap<string, string>): string {
  const names = [...serverNames.values()];
  if (names.length === 0) return 'the server';
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

const handlerList: ResourceListSource<NotificationHandler, HandlerRow> = {
  collection: useHandlers, view: 'handlers', from: 'listing', defaults: handlerListDefaults,
  join: (rows, _items, serverNames) => handlerRows(rows, serverNames), sort: sortHandlerRows, filter: filterHandlerRows,
  idOf: (row) => row.handler.id, remove: (connectionId, id) => vigil().deleteNotificationHandler(connectionId, id), deleted: (row) => `Notification handler ${nameOf(row)} deleted.`,
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
  const serverNames = useStatus((state) => state.serverNames);
  const { failures, load } = useHandlerListing([...serverNames.keys()].join(' '));
  const [creating, setCreating] = useState(false);

  const { rows, loaded, askToDelete } = list;
  const typesInUse = useMemo(() => rows.map((row) => ({ connectionId: row.connectionId, type: row.handler.type })), [rows]);
  const typeFilter = list.preferences.filters['type'] ?? 'all';
  const filterTypes = useMemo(() => [...new Set([...typesInUse.map((handler) => handler.type), typeFilter])].filter((type): type is string => type !== undefined && type !== 'all').sort(), [typesInUse, typeFilter]);

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
    { id: 'destination', header: 'Destination', sortable: true, width: { min: 200, grow: 2.4 }, className: 'cell-mono', cell: (row) => <span title={row.handler.destination}>{row.handler.destination ?? '—'}</span> },
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
      {loaded && failures.length > 0 && (
        <div className="form-error list-error" role="alert">
          {failures.map((failed) => (
            <p key={failed.connectionId}>{listingFailure(failed, serverNames.size)}</p>
          ))}
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
          failures.length === 0
            ? { title: 'Loading notification handlers…', text: `They are asked for from ${serverList(serverNames)}.` }
            : { title: 'The notification handlers could not be listed', text: failures.map((failed) => failed.message).join(' '), action: retry }
        }
      />
      {creating && <HandlerForm typesInUse={typesInUse} onClose={() => setCreating(false)} />}
    </section>
  );
}
