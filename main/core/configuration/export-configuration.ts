// "Your data out": every monitor, heartbeat, domain and notification handler of one server as one
// configuration file (configuration-file.ts): of each, the fields its table in common/api/ marks exported, as it
// exports them: the spec's create fields as the server gave them, the extension settings beyond their defaults, the
// secrets of an address or a header masked. What Vigil keeps itself for the server (kept-fields.ts) goes in with its
// items, so a move to a server that keeps it loses nothing.
import { exportedDomain, exportedHandler, exportedHeartbeat, exportedMonitor } from '../../../common/api/index.ts';
import type { ExportFile } from '../../../common/ipc/history.ts';
import type { MonitoringClient } from '../api/index.ts';
import { withKeptFields, type KeptFieldsOfServer } from '../app/kept-fields.ts';
import { configurationFormat, configurationVersion, type ConfigurationFile } from './configuration-file.ts';

/** `kept`: what Vigil keeps for the server, when it is a saved one. */
export async function exportConfiguration(client: MonitoringClient, now: number, kept?: KeptFieldsOfServer): Promise<ConfigurationFile> {
  const [monitors, heartbeats, domains, handlers] = await Promise.all([client.listMonitors(), client.listHeartbeats(), client.listDomains(), client.listNotificationHandlers()]);
  const items = withKeptFields({ monitors: monitors.items, heartbeats: heartbeats.items, domains: domains.items }, kept?.values());
  return {
    format: configurationFormat,
    version: configurationVersion,
    exportedAt: new Date(now).toISOString(),
    monitors: items.monitors.map(exportedMonitor),
    heartbeats: items.heartbeats.map(exportedHeartbeat),
    domains: items.domains.map(exportedDomain),
    notificationHandlers: handlers.items.map(exportedHandler),
  };
}

export function configurationExportFile(file: ConfigurationFile): ExportFile {
  return { fileName: `vigil-configuration-${file.exportedAt.slice(0, 10)}.json`, mimeType: 'application/json', text: `${JSON.stringify(file, null, 2)}\n` };
}
