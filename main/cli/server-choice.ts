// Which servers a client command talks to: `--base-url URL` (saved or not, with VIGIL_TOKEN; `--kind KIND` for a
// read-only source's own API) or `--server NAME` (a saved connection by name or id) for one; otherwise every enabled
// saved connection, as the tray watches them.
import { CliError } from '../../common/cli/cli-error.ts';
import { CONNECTION_KINDS, isConnectionKind, KUMA_SLUG, type ConnectionKind } from '../../common/ipc/connection-kinds.ts';
import type { Connection, Settings } from '../core/settings/settings-schema.ts';
import { cannotTell } from './exit-codes.ts';

/** The flags every client command takes to name its server. */
export const serverChoiceFlags = { 'base-url': { type: 'string' }, server: { type: 'string' }, kind: { type: 'string' } } as const;

export interface ServerChoice {
  'base-url'?: string | undefined;
  server?: string | undefined;
  /** What answers at --base-url: `vigil` (the monitoring API, the default) or a source's kind. */
  kind?: string | undefined;
}

export interface Target {
  baseUrl: string;
  name: string;
  /** The saved connection, when the base URL is one. */
  connection: Connection | undefined;
  /** A Vigil server, or a read-only source read through its own API. */
  sourceKind: ConnectionKind;
  /** Uptime Kuma read without a key: its status page's slug. */
  page?: string | undefined;
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

/**
 * The server or source at `--base-url`, of `--kind` (a Vigil server when absent). An Uptime Kuma status page's own
 * address (`…/status/<slug>`) names Kuma's base and the page it is read through without a key.
 */
export function targetOfBaseUrl(settings: Settings, baseUrlFlag: string, kindFlag?: string): Target {
  const sourceKind = kindOf(kindFlag);
  let baseUrl = baseUrlFlag.trim().replace(/\/+$/, '');
  let page: string | undefined;
  const kumaPage = sourceKind === 'uptime-kuma' ? /^(.*)\/status\/([^/?#]+)$/.exec(baseUrl) : null;
  if (kumaPage?.[1] !== undefined && kumaPage[2] !== undefined && KUMA_SLUG.test(kumaPage[2])) [baseUrl, page] = [kumaPage[1], kumaPage[2].toLowerCase()];
  const connection = settings.connections.find((c) => c.baseUrl === baseUrl && c.sourceKind === sourceKind && c.page === page);
  return { baseUrl, name: connection?.name ?? hostOf(baseUrl), connection, sourceKind, ...(page === undefined ? {} : { page }), namedByBaseUrl: true };
}

function kindOf(flag: string | undefined): ConnectionKind {
  if (flag === undefined) return 'vigil';
  const kind = flag.trim().toLowerCase();
  if (isConnectionKind(kind)) return kind;
  throw new CliError(`--kind must be one of ${CONNECTION_KINDS.join(', ')}; "${flag}" is none of them.`);
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
  if (choice.kind !== undefined && baseUrl === undefined) throw new CliError('--kind says what answers at --base-url URL: pass both (a saved connection already knows its kind).');
  if (baseUrl !== undefined) return targetOfBaseUrl(settings, baseUrl, choice.kind);
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
  const page = connection.page === undefined ? {} : { page: connection.page };
  return { baseUrl: connection.baseUrl, name: connection.name, connection, sourceKind: connection.sourceKind, ...page, namedByBaseUrl: false };
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
