// Which servers a client command talks to: `--base-url URL` (saved or not, with VIGIL_TOKEN) or `--server NAME` (a
// saved connection by name or id) for one; otherwise every enabled saved connection, as the tray watches them.
import { CliError } from '../../common/cli/cli-error.ts';
import type { Connection, Settings } from '../core/settings/settings-schema.ts';
import { cannotTell } from './exit-codes.ts';

/** The flags every client command takes to name its server. */
export const serverChoiceFlags = { 'base-url': { type: 'string' }, server: { type: 'string' } } as const;

export interface ServerChoice {
  'base-url'?: string | undefined;
  server?: string | undefined;
}

export interface Target {
  baseUrl: string;
  name: string;
  /** The saved connection, when the base URL is one. */
  connection: Connection | undefined;
  /**
   * Named by --base-url, so VIGIL_TOKEN may be its token. A token exported for one server is never sent to a
   * connection chosen from the settings.
   */
  namedByBaseUrl: boolean;
}

/** Every server the choice names: one with a flag, else each enabled saved connection (at least one). */
export function chooseServers(settings: Settings, choice: ServerChoice): Target[] {
  const named = namedServer(settings, choice);
  if (named !== undefined) return [named];
  // A disabled connection is kept (with its token) but not watched.
  const enabled = settings.connections.filter((c) => c.enabled);
  if (enabled.length === 0) throw noServer(settings);
  return enabled.map(savedTarget);
}

/** The one server a command that changes or copies a whole server (export, import, logout) is about. */
export function chooseOneServer(settings: Settings, choice: ServerChoice, command: string): Target {
  const servers = chooseServers(settings, choice);
  const [only] = servers;
  if (servers.length === 1 && only !== undefined) return only;
  throw new CliError(`vigil ${command} works on one server and ${servers.length} are watched (${namesOf(servers)}): say which with --server NAME.`);
}

export function targetOfBaseUrl(settings: Settings, baseUrlFlag: string): Target {
  const baseUrl = baseUrlFlag.trim().replace(/\/+$/, '');
  const connection = settings.connections.find((c) => c.baseUrl === baseUrl);
  return { baseUrl, name: connection?.name ?? hostOf(baseUrl), connection, namedByBaseUrl: true };
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function namedServer(settings: Settings, choice: ServerChoice): Target | undefined {
  const baseUrl = choice['base-url'];
  const name = choice.server;
  if (baseUrl !== undefined && name !== undefined) throw new CliError('Pass --server NAME or --base-url URL, not both.');
  if (baseUrl !== undefined) return targetOfBaseUrl(settings, baseUrl);
  return name === undefined ? undefined : savedTarget(savedConnectionNamed(settings, name));
}

/** By id, else by name, ignoring case; a disabled connection may be named too (it is kept, only not watched). */
function savedConnectionNamed(settings: Settings, wanted: string): Connection {
  const folded = wanted.trim().toLowerCase();
  const { connections } = settings;
  if (connections.length === 0) throw noServer(settings);
  const byId = connections.find((c) => c.id.toLowerCase() === folded);
  if (byId !== undefined) return byId;
  const byName = connections.filter((c) => c.name.toLowerCase() === folded);
  const [only] = byName;
  if (byName.length === 1 && only !== undefined) return only;
  const saved = connections.map((c) => (c.enabled ? c.name : `${c.name} (disabled)`)).join(', ');
  if (byName.length === 0) throw new CliError(`No saved server is named or has the id "${wanted}". The saved servers: ${saved}.`);
  throw new CliError(`"${wanted}" names ${byName.length} saved servers: give its id instead (${byName.map((c) => c.id).join(', ')}).`);
}

function savedTarget(connection: Connection): Target {
  return { baseUrl: connection.baseUrl, name: connection.name, connection, namedByBaseUrl: false };
}

function noServer(settings: Settings): CliError {
  if (settings.connections.length > 0) {
    return new CliError(`Every saved server is disabled (${settings.connections.map((c) => c.name).join(', ')}): name one with --server NAME, or enable it in Vigil's settings.`, cannotTell);
  }
  return new CliError('No connection is saved yet: pass --base-url URL, or sign in first with `npm run vigil -- login --base-url URL`.', cannotTell);
}

function namesOf(servers: readonly Target[]): string {
  return servers.map((server) => server.name).join(', ');
}
