// The contract's monitor, heartbeat, domain and handler calls, each on the connection it names first: passed through
// to that enabled connection's client; each change is followed by a poll of that server, so the status shows it.
// The fields Vigil keeps itself for a server without their extension (item-fields.ts) go to the settings instead,
// and come back with the server's items.
import { buildMonitorPutBody, KEPT_FIELDS, MONITOR_EDITABLE_FIELDS, splitKeptValues, withKeptValues, type MonitorEdits } from '../../../common/api/index.ts';
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { ItemKind } from '../../../common/ipc/item-key.ts';
import type { MonitoringClient } from '../api/index.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { keptFieldsOfServer, withKeptItems } from '../app/kept-fields.ts';
import { VigilCoreError } from './call-error.ts';

export function resourceCalls(runtime: CoreRuntime) {
  /** Runs a change on a connection's server, then polls that server so the status follows it. */
  async function change<T>(connectionId: string, run: (client: MonitoringClient) => Promise<T>): Promise<T> {
    const result = await run(runtime.client(connectionId));
    runtime.refreshSoon(connectionId);
    return result;
  }

  /** The server's items with what Vigil keeps for them. */
  function withKept<Item extends { id?: string | undefined }>(connectionId: string, kind: ItemKind, items: Item[]): Item[] {
    return withKeptItems(kind, items, keptFieldsOfServer(runtime.settings, connectionId).values());
  }

  /**
   * Saves a body: what the server takes goes to it (`save`), the fields it lacks the extension of to the settings.
   * A field the server does keep leaves the settings as it is saved there. Answers the item as the window shows it.
   */
  async function saveKeeping<Body extends object, Item extends { id?: string | undefined }>(
    connectionId: string,
    kind: ItemKind,
    body: Body,
    save: (client: MonitoringClient, sent: Body) => Promise<Item>,
  ): Promise<Item> {
    const session = runtime.session(connectionId);
    const extensions = (await session.capabilities.known())?.extensions ?? [];
    const { sent, kept } = splitKeptValues(kind, body, extensions);
    if (kept !== undefined) checkKept(kind, kept);
    const item = await change(connectionId, (client) => save(client, sent));
    const onServer = KEPT_FIELDS[kind].filter((field) => extensions.includes(field.extension) && Object.hasOwn(body, field.key));
    if (item.id === undefined || (kept === undefined && onServer.length === 0)) return item;
    const changes = { ...kept, ...Object.fromEntries(onServer.map((field) => [field.key, null])) };
    return withKeptValues(kind, item, keptFieldsOfServer(runtime.settings, connectionId).save(kind, item.id, changes));
  }

  /** Deletes an item from its server, and what Vigil kept for it. */
  async function deleteKeeping(connectionId: string, kind: ItemKind, id: string, remove: (client: MonitoringClient) => Promise<void>): Promise<undefined> {
    await change(connectionId, (client) => done(remove(client)));
    keptFieldsOfServer(runtime.settings, connectionId).forget(kind, id);
    return undefined;
  }

  return {
    listMonitors: async (connectionId) => withKept(connectionId, 'monitor', (await runtime.client(connectionId).listMonitors()).items),
    createMonitor: (connectionId, body) => saveKeeping(connectionId, 'monitor', body, async (client, sent) => (await client.createMonitor(sent)).item),
    updateMonitor: (connectionId, id, body) =>
      saveKeeping(connectionId, 'monitor', monitorEdits(body), async (client, edits) => {
        // PUT takes the full Monitor: the server's current one with the user's edits on top. Edits of fields only
        // Vigil keeps change nothing on the server.
        const { item: current } = await client.getMonitor(id);
        if (Object.keys(edits).length === 0) return current;
        const built = buildMonitorPutBody(current, edits);
        if (!built.ok) {
          const [first] = built.details;
          const why = first === undefined ? 'it is invalid' : `${first.field} ${first.message}`.trim();
          throw new VigilCoreError(`The monitor was not saved: ${why.replace(/[.!]+$/, '')}.`, { details: built.details });
        }
        return (await client.updateMonitor(id, built.body)).item;
      }),
    deleteMonitor: (connectionId, id) => deleteKeeping(connectionId, 'monitor', id, (client) => client.deleteMonitor(id)),

    listHeartbeats: async (connectionId) => withKept(connectionId, 'heartbeat', (await runtime.client(connectionId).listHeartbeats()).items),
    createHeartbeat: (connectionId, body) => saveKeeping(connectionId, 'heartbeat', body, async (client, sent) => (await client.createHeartbeat(sent)).item),
    updateHeartbeat: (connectionId, id, edits) =>
      saveKeeping(connectionId, 'heartbeat', edits, async (client, sent) => (Object.keys(sent).length === 0 ? await client.getHeartbeat(id) : await client.updateHeartbeat(id, sent)).item),
    deleteHeartbeat: (connectionId, id) => deleteKeeping(connectionId, 'heartbeat', id, (client) => client.deleteHeartbeat(id)),

    listDomains: async (connectionId) => withKept(connectionId, 'domain', (await runtime.client(connectionId).listDomains()).items),
    createDomain: (connectionId, body) => saveKeeping(connectionId, 'domain', body, async (client, sent) => (await client.createDomain(sent)).item),
    updateDomain: (connectionId, id, edits) =>
      saveKeeping(connectionId, 'domain', edits, async (client, sent) => (Object.keys(sent).length === 0 ? await client.getDomain(id) : await client.updateDomain(id, sent)).item),
    deleteDomain: (connectionId, id) => deleteKeeping(connectionId, 'domain', id, (client) => client.deleteDomain(id)),

    listNotificationHandlers: async (connectionId) => (await runtime.client(connectionId).listNotificationHandlers()).items,
    // Handlers are not part of the status: nothing to refresh.
    createNotificationHandler: async (connectionId, body) => (await runtime.client(connectionId).createNotificationHandler(body)).item,
    deleteNotificationHandler: (connectionId, id) => done(runtime.client(connectionId).deleteNotificationHandler(id)),
  } satisfies Partial<CoreCalls>;
}

/** Refuses a kept value its field's bounds refuse, as the server would, before anything is saved. */
function checkKept(kind: ItemKind, kept: Record<string, unknown>): void {
  for (const field of KEPT_FIELDS[kind]) {
    const value = kept[field.key];
    if (value === undefined || value === null) continue;
    const checked = field.input.safeParse(value);
    if (checked.success) kept[field.key] = checked.data;
    else {
      const message = checked.error.issues[0]?.message ?? 'is not valid';
      throw new VigilCoreError(`It was not saved: ${field.key} ${message.replace(/[.!]+$/, '')}.`, { details: [{ field: field.key, message }] });
    }
  }
}

/** A deletion's result as the contract has it. */
async function done(deletion: Promise<void>): Promise<undefined> {
  await deletion;
  return undefined;
}

/**
 * The editable fields the caller sent, as the monitor's field table marks them: the spec's four, then the extensions'
 * (docs/api-decisions.md §16), which a server without them never gets, as the window offers them only where
 * `/capabilities` lists them. buildMonitorPutBody checks their values and adds an extension's to the PUT only when sent.
 */
function monitorEdits(body: Record<string, unknown>): MonitorEdits {
  const edits: Record<string, unknown> = {};
  for (const field of MONITOR_EDITABLE_FIELDS) if (Object.hasOwn(body, field)) edits[field] = body[field];
  return edits as MonitorEdits;
}
