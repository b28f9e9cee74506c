// The contract's monitor, heartbeat, domain and handler calls: passed through to the active connection's
// client; each change is followed by a poll, so the status shows it.
import { buildMonitorPutBody, type MonitorEdits } from '../../../common/api/index.ts';
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { VigilCoreError } from './call-error.ts';

const editableMonitorFields = ['name', 'url', 'type', 'frequency'] as const;

export function resourceCalls(runtime: CoreRuntime) {
  /** Runs a change, then polls so the status follows it. */
  async function change<T>(run: () => Promise<T>): Promise<T> {
    const result = await run();
    runtime.refreshSoon();
    return result;
  }

  return {
    listMonitors: async () => (await runtime.client().listMonitors()).items,
    createMonitor: (body) => change(async () => (await runtime.client().createMonitor(body)).item),
    updateMonitor: (id, body) =>
      change(async () => {
        const client = runtime.client();
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
    deleteMonitor: (id) => change(() => done(runtime.client().deleteMonitor(id))),

    listHeartbeats: async () => (await runtime.client().listHeartbeats()).items,
    createHeartbeat: (body) => change(async () => (await runtime.client().createHeartbeat(body)).item),
    deleteHeartbeat: (id) => change(() => done(runtime.client().deleteHeartbeat(id))),

    listDomains: async () => (await runtime.client().listDomains()).items,
    createDomain: (body) => change(async () => (await runtime.client().createDomain(body)).item),
    deleteDomain: (id) => change(() => done(runtime.client().deleteDomain(id))),

    listNotificationHandlers: async () => (await runtime.client().listNotificationHandlers()).items,
    // Handlers are not part of the status: nothing to refresh.
    createNotificationHandler: async (body) => (await runtime.client().createNotificationHandler(body)).item,
    deleteNotificationHandler: (id) => done(runtime.client().deleteNotificationHandler(id)),
  } satisfies Partial<CoreCalls>;
}

/** A deletion's result as the contract has it. */
async function done(deletion: Promise<void>): Promise<undefined> {
  await deletion;
  return undefined;
}

/** The editable fields the caller sent; buildMonitorPutBody checks their values. */
function monitorEdits(body: Record<string, unknown>): MonitorEdits {
  const edits: Record<string, unknown> = {};
  for (const field of editableMonitorFields) if (Object.hasOwn(body, field)) edits[field] = body[field];
  return edits as MonitorEdits;
}
