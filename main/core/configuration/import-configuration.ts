// "Your data in": a configuration file (configuration-file.ts) into one server, the same for the window and
// `vigil import`. Idempotent (what the server has is skipped, import-plan.ts), a dry run reports without creating,
// and the first refusal stops it: each item is one POST, so none is left half made. The server's GET /capabilities
// says which extension settings it keeps; the report names per item those it does not. The fields Vigil keeps itself
// for a server without their extension (kept-fields.ts) go to its settings, as when the item is made in the window.
import type { ImportReport } from '../../../common/ipc/history.ts';
import { CHECKS_EXTENSION, CRON_EXTENSION, fieldsVigilKeeps, splitKeptValues } from '../../../common/api/index.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import type { KeptFieldsOfServer } from '../app/kept-fields.ts';
import type { SourceKind } from '../../../common/ipc/connection-kinds.ts';
import type { SourceItem } from '../sources/source-reading.ts';
import { readConfigurationFile } from './configuration-file.ts';
import { exportConfiguration } from './export-configuration.ts';
import { sourceConfiguration } from './source-configuration.ts';
import { planImport, type PlannedCreate } from './import-plan.ts';

export type ImportOutcome = { ok: true; report: ImportReport } | { ok: false; message: string };

export interface ImportOptions {
  dryRun: boolean;
  /** Where what Vigil keeps for the server goes; absent for a server not saved in Vigil, which then keeps none of it. */
  kept?: KeptFieldsOfServer | undefined;
}

export async function importConfiguration(client: MonitoringClient, text: string, options: ImportOptions): Promise<ImportOutcome> {
  const file = readConfigurationFile(text);
  if (!file.ok) return file;
  const [monitors, heartbeats, domains, handlers, capabilities] = await Promise.all([
    client.listMonitors(),
    client.listHeartbeats(),
    client.listDomains(),
    client.listNotificationHandlers(),
    client.getCapabilities(),
  ]);
  const offers = { checks: capabilities.extensions.includes(CHECKS_EXTENSION), cron: capabilities.extensions.includes(CRON_EXTENSION) };
  const planned = planImport(file.entries, { monitors: monitors.items, heartbeats: heartbeats.items, domains: domains.items, handlers: handlers.items }, offers);
  const plan = options.kept === undefined ? { ...planned, create: planned.create.map((item) => withoutKeeper(item, capabilities.extensions)) } : planned;
  const report: ImportReport = { dryRun: options.dryRun, created: [], skipped: plan.skipped, failed: undefined };
  if (options.dryRun) {
    report.created = plan.create.map(reported);
    return { ok: true, report };
  }
  for (const planned of plan.create) {
    let pingUrl: string | undefined;
    try {
      pingUrl = await create(client, planned, capabilities.extensions, options.kept);
    } catch (error) {
      if (!(error instanceof MonitoringClientError)) throw error;
      report.failed = { kind: planned.kind, name: planned.name, message: refusal(error) };
      break;
    }
    report.created.push({ ...reported(planned), ...(pingUrl === undefined ? {} : { pingUrl }) });
  }
  return { ok: true, report };
}

/** A connection to copy from: a Vigil server, as its export; or a read-only source, as what it says it checks. */
export type CopiedFrom = { kind: 'vigil'; client: MonitoringClient; kept: KeptFieldsOfServer | undefined } | { kind: SourceKind; items: readonly SourceItem[] };

/**
 * One connection's monitors and heartbeats (a Vigil server's whole configuration) into another server, as an import
 * of the file they make: the same preview, matching and report; a source's items it could not copy are among the
 * skipped, with why.
 */
export async function copyConfiguration(from: CopiedFrom, into: MonitoringClient, options: ImportOptions, now: number): Promise<ImportOutcome> {
  const { file, leftOut } = from.kind === 'vigil' ? { file: await exportConfiguration(from.client, now, from.kept), leftOut: [] } : sourceConfiguration(from.kind, from.items, now);
  const outcome = await importConfiguration(into, JSON.stringify(file), options);
  return outcome.ok ? { ok: true, report: { ...outcome.report, skipped: [...leftOut, ...outcome.report.skipped] } } : outcome;
}

function reported({ kind, name, target, notKept }: PlannedCreate): ImportReport['created'][number] {
  return { kind, name, target, ...(notKept === undefined ? {} : { notKept }) };
}

/**
 * With no saved server to keep them for, the fields Vigil would keep leave the entry, and the report says so: the
 * server does not store them.
 */
function withoutKeeper(planned: PlannedCreate, extensions: readonly string[]): PlannedCreate {
  if (planned.kind === 'handler') return planned;
  const dropped = fieldsVigilKeeps(planned.kind, extensions).filter((field) => (planned.body as Record<string, unknown>)[field.key] !== undefined);
  if (dropped.length === 0) return planned;
  const body = Object.fromEntries(Object.entries(planned.body).filter(([key]) => !dropped.some((field) => field.key === key)));
  const words = `Not kept, as the server does not store them and it is not one of Vigil's saved servers: ${dropped.map((field) => field.key).join(', ')}.`;
  return { ...planned, body, notKept: planned.notKept === undefined ? words : `${planned.notKept} ${words}` } as PlannedCreate;
}

/**
 * Makes one item; what Vigil keeps of it for a server without the extension goes to `kept`. Returns a new heartbeat's
 * ping URL, where the server gives one: the job that pinged the old one is to use it.
 */
async function create(client: MonitoringClient, planned: PlannedCreate, extensions: readonly string[], kept: KeptFieldsOfServer | undefined): Promise<string | undefined> {
  if (planned.kind === 'handler') {
    await client.createNotificationHandler(planned.body);
    return undefined;
  }
  const split = splitKeptValues(planned.kind, planned.body, extensions);
  const made =
    planned.kind === 'monitor'
      ? await client.createMonitor(split.sent as typeof planned.body)
      : planned.kind === 'heartbeat'
        ? await client.createHeartbeat(split.sent as typeof planned.body)
        : await client.createDomain(split.sent as typeof planned.body);
  if (split.kept !== undefined && made.item.id !== undefined) kept?.save(planned.kind, made.item.id, split.kept);
  return 'ping_url' in made.item ? made.item.ping_url : undefined;
}

/** The server's sentence, with the field it named when it refused one. */
function refusal(error: MonitoringClientError): string {
  const [detail] = error.info.details ?? [];
  return detail === undefined ? error.info.message : `${error.info.message.replace(/[.!]+$/, '')} (${detail.field}: ${detail.message}).`;
}
