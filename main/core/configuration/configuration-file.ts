// The configuration file of "your data out and in" (docs/client.md): every monitor, heartbeat, domain and
// notification handler of a server, as the spec's create bodies plus the extension settings of §16 that are not
// their defaults (each resource's field table says which fields, and how), in one versioned JSON object that any server's import reads, keeping what
// that server offers (entry-for-server.ts). Reading it checks the envelope only; each entry is checked on its own
// when it is imported.
import { isJsonObject, type exportedDomain, type exportedHandler, type exportedHeartbeat, type exportedMonitor } from '../../../common/api/index.ts';

export const configurationFormat = 'vigil-configuration';
export const configurationVersion = 1;

export interface ConfigurationFile {
  format: typeof configurationFormat;
  version: typeof configurationVersion;
  /** RFC 3339 UTC. */
  exportedAt: string;
  monitors: ConfigurationMonitor[];
  heartbeats: ConfigurationHeartbeat[];
  domains: ConfigurationDomain[];
  notificationHandlers: ConfigurationHandler[];
}

// Each entry as its resource's field table exports it (common/api/): its create body, with the secrets of an address
// (a password, a secret query value, a chat webhook's path: secret-urls.ts) and of a marked header masked as the server
// answers them (`Bearer ••••••••`), and none of the fields a server reports. A scheduled heartbeat keeps its
// `expected_interval` too: what a server without schedules expects instead.
export type ConfigurationMonitor = ReturnType<typeof exportedMonitor>;
export type ConfigurationHeartbeat = ReturnType<typeof exportedHeartbeat>;
export type ConfigurationDomain = ReturnType<typeof exportedDomain>;
export type ConfigurationHandler = ReturnType<typeof exportedHandler>;

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
