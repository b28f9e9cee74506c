// "Your data in": a configuration file (configuration-file.ts) into one server, the same for the window and
// `vigil import`. Idempotent (what the server has is skipped, import-plan.ts), a dry run reports without creating,
// and the first refusal stops it: each item is one POST, so none is left half made. The server's GET /capabilities
// says which extension settings it keeps; the report names per item those it does not.
import type { ImportReport } from '../../../common/ipc/history.ts';
import { CHECKS_EXTENSION, CRON_EXTENSION } from '../../../common/api/index.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import { readConfigurationFile } from './configuration-file.ts';
import { planImport, type PlannedCreate } from './import-plan.ts';

export type ImportOutcome = { ok: true; report: ImportReport } | { ok: false; message: string };

export async function importConfiguration(client: MonitoringClient, text: string, options: { dryRun: boolean }): Promise<ImportOutcome> {
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
  const plan = planImport(file.entries, { monitors: monitors.items, heartbeats: heartbeats.items, domains: domains.items, handlers: handlers.items }, offers);
  const report: ImportReport = { dryRun: options.dryRun, created: [], skipped: plan.skipped, failed: undefined };
  if (options.dryRun) {
    report.created = plan.create.map(reported);
    return { ok: true, report };
  }
  for (const planned of plan.create) {
    try {
      await create(client, planned);
    } catch (error) {
      if (!(error instanceof MonitoringClientError)) throw error;
      report.failed = { kind: planned.kind, name: planned.name, message: refusal(error) };
      break;
    }
    report.created.push(reported(planned));
  }
  return { ok: true, report };
}

function reported({ kind, name, target, notKept }: PlannedCreate): ImportReport['created'][number] {
  return { kind, name, target, ...(notKept === undefined ? {} : { notKept }) };
}

async function create(client: MonitoringClient, planned: PlannedCreate): Promise<void> {
  switch (planned.kind) {
    case 'monitor':
      await client.createMonitor(planned.body);
      return;
    case 'heartbeat':
      await client.createHeartbeat(planned.body);
      return;
    case 'domain':
      await client.createDomain(planned.body);
      return;
    case 'handler':
      await client.createNotificationHandler(planned.body);
      return;
  }
}

/** The server's sentence, with the field it named when it refused one. */
function refusal(error: MonitoringClientError): string {
  const [detail] = error.info.details ?? [];
  return detail === undefined ? error.info.message : `${error.info.message.replace(/[.!]+$/, '')} (${detail.field}: ${detail.message}).`;
}
