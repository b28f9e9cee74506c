// The contract's monitor, heartbeat, domain and handler calls, each on the connection it names first: passed through
// to that enabled connection's client; each change is followed by a poll of that server, so the status shows it.
import { buildMonitorPutBody, MONITOR_EDITABLE_FIELDS, type MonitorEdits } from '../../../common/api/index.ts';
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { MonitoringClient } from '../api/index.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { VigilCoreError } from './call-error.ts';

export function resourceCalls(runtime: CoreRuntime) {
  /** Runs a change on a connection's server, then polls that server so the status follows it. */
  async function change<T>(connectionId: string, run: (client: MonitoringClient) => Promise<T>): Promise<T> {
    const result = await run(runtime.client(connectionId));
    runtime.refreshSoon(connectionId);
    return result;
  }

  return {
    listMonitors: async (connectionId) => (await runtime.client(connectionId).listMonitors()).items,
    createMonitor: (connectionId, body) => change(connectionId, async (client) => (await client.createMonitor(body)).item),
    updateMonitor: (connectionId, id, body) =>
      change(connectionId, async (client) => {
        // PUT takes the full Monitor: the server's current one with the user's edits on top.
        const { item: current } = await client.getMonitor(id);
        const built = buildMonitorPutBody(current, monitorEdits(body));
        if (!built.ok) {
          const [first] = built.details;
          const why = first === undefined ? 'it is invalid' : `${first.field} ${first.message}`.trim();
          throw new VigilCoreError(`The monitor was not saved: ${why.replace(/[.!]+$/, '')}.`, { details: built.details });
        }
        return (await client.updateMonitor(id, built.body)).item;
      }),
    deleteMonitor: (connectionId, id) => change(connectionId, (client) => done(client.deleteMonitor(id))),

    listHeartbeats: async (connectionId) => (await runtime.client(connectionId).listHeartbeats()).items,
    createHeartbeat: (connectionId, body) => change(connectionId, async (client) => (await client.createHeartbeat(body)).item),
    deleteHeartbeat: (connectionId, id) => change(connectionId, (client) => done(client.deleteHeartbeat(id))),

    listDomains: async (connectionId) => (await runtime.client(connectionId).listDomains()).items,
    createDomain: (connectionId, body) => change(connectionId, async (client) => (await client.createDomain(body)).item),
    deleteDomain: (connectionId, id) => change(connectionId, (client) => done(client.deleteDomain(id))),

    listNotificationHandlers: async (connectionId) => (await runtime.client(connectionId).listNotificationHandlers()).items,
    // Handlers are not part of the status: nothing to refresh.
    createNotificationHandler: async (connectionId, body) => (await runtime.client(connectionId).createNotificationHandler(body)).item,
    deleteNotificationHandler: (connectionId, id) => done(runtime.client(connectionId).deleteNotificationHandler(id)),
  } satisfies Partial<CoreCalls>;
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
