// The configuration file of "your data out and in" (docs/client.md): every monitor, heartbeat, domain and
// notification handler of a server, as the spec's create bodies plus the extension settings of §16 that are not
// their defaults (exported-items.ts), in one versioned JSON object that any server's import reads, keeping what
// that server offers (entry-for-server.ts). Reading it checks the envelope only; each entry is checked on its own
// when it is imported.
import { isJsonObject, type Heartbeat, type Monitor, type NotificationHandler } from '../../../common/api/index.ts';

export const configurationFormat = 'vigil-configuration';
export const configurationVersion = 1;

export interface ConfigurationFile {
  format: typeof configurationFormat;
  version: typeof configurationVersion;
  /** RFC 3339 UTC. */
  exportedAt: string;
  monitors: ConfigurationMonitor[];
  heartbeats: ConfigurationHeartbeat[];
  domains: { domain?: string | undefined }[];
  notificationHandlers: ConfigurationHandler[];
}

/** A notification handler's create body as the file keeps it, its destination's secrets masked. */
export type ConfigurationHandler = Pick<NotificationHandler, 'name' | 'type' | 'destination'>;

/** A monitor's create body as the file keeps it: the settings a person chose, with secret header values masked as
 * the server answers them (`Bearer ••••••••`) and its address's secrets masked the same way; none of the fields a
 * server reports. */
export type ConfigurationMonitor = Pick<
  Monitor,
  'name' | 'type' | 'url' | 'frequency' | 'dns' | 'method' | 'headers' | 'secret_headers' | 'body' | 'expect' | 'tls' | 'retry_seconds'
>;

/** A heartbeat's create body as the file keeps it; `expected_interval` is given with a schedule too: what a server
 * without schedules expects instead. */
export type ConfigurationHeartbeat = Pick<Heartbeat, 'name' | 'expected_interval' | 'schedule' | 'timezone' | 'grace_seconds' | 'max_runtime_seconds'>;

/** The sections of the file, in the order an import creates them. */
const configurationSections = ['monitors', 'heartbeats', 'domains', 'notificationHandlers'] as const;
export type ConfigurationSection = (typeof configurationSections)[number];

export type ReadConfiguration = { ok: true; entries: Record<ConfigurationSection, unknown[]> } | { ok: false; message: string };

/** The file's entries by section, or one sentence on why it is not a configuration this Vigil reads. */
export function readConfigurationFile(text: string): ReadConfiguration {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON: choose a configuration file exported by Vigil.' };
  }
  if (!isJsonObject(json) || json.format !== configurationFormat) {
    return { ok: false, message: 'The file is not a Vigil configuration: its "format" is not "vigil-configuration".' };
  }
  if (json.version !== configurationVersion) {
    const version = typeof json.version === 'number' ? `version ${json.version}` : 'no version';
    return { ok: false, message: `The configuration has ${version}; this Vigil reads version ${configurationVersion}.` };
  }
  const entries = {} as Record<ConfigurationSection, unknown[]>;
  for (const section of configurationSections) {
    const value = json[section] ?? [];
    if (!Array.isArray(value)) return { ok: false, message: `The configuration's "${section}" is not a list.` };
    entries[section] = value;
  }
  return { ok: true, entries };
}
