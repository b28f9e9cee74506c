// "Your data out": every monitor, heartbeat, domain and notification handler of one server as one
// configuration file (configuration-file.ts): of each, the fields its table in common/api/ marks exported, as it
// exports them: the spec's create fields as the server gave them, the extension settings beyond their defaults, the
// secrets of an address or a header masked.
import { exportedDomain, exportedHandler, exportedHeartbeat, exportedMonitor } from '../../../common/api/index.ts';
import type { ExportFile } from '../../../common/ipc/history.ts';
import type { MonitoringClient } from '../api/index.ts';
import { configurationFormat, configurationVersion, type ConfigurationFile } from './configuration-file.ts';

export async function exportConfiguration(client: MonitoringClient, now: number): Promise<ConfigurationFile> {
  const [monitors, heartbeats, domains, handlers] = await Promise.all([client.listMonitors(), client.listHeartbeats(), client.listDomains(), client.listNotificationHandlers()]);
  return {
    format: configurationFormat,
    version: configurationVersion,
    exportedAt: new Date(now).toISOString(),
    monitors: monitors.items.map(exportedMonitor),
    heartbeats: heartbeats.items.map(exportedHeartbeat),
    domains: domains.items.map(exportedDomain),
    notificationHandlers: handlers.items.map(exportedHandler),
  };
}

export function configurationExportFile(file: ConfigurationFile): ExportFile {
  return { fileName: `vigil-configuration-${file.exportedAt.slice(0, 10)}.json`, mimeType: 'application/json', text: `${JSON.stringify(file, null, 2)}\n` };
}
