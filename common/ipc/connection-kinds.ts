// What a connection watches, declared once for the settings, the window, the tray and the command line (issue 21):
// `vigil`, a server speaking the monitoring API (read-write, with extensions by `/capabilities`), or one of the
// read-only sources whose own API Vigil reads (main/core/sources/, one adapter per kind).

export const SOURCE_KINDS = ['uptime-kuma', 'healthchecks', 'gatus', 'uptimerobot', 'alertmanager', 'statuspage'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const CONNECTION_KINDS = ['vigil', ...SOURCE_KINDS] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** What a source's item is, so it reads and lands as what it is: checks, heartbeats, a status page's components, alerts. */
export type SourceItemKind = 'monitor' | 'heartbeat' | 'component' | 'alert';

/** Each kind's product name, for a label, a column and "Open in …". */
export const CONNECTION_KIND_LABELS: Record<ConnectionKind, string> = {
  vigil: 'Vigil',
  'uptime-kuma': 'Uptime Kuma',
  healthchecks: 'Healthchecks',
  gatus: 'Gatus',
  uptimerobot: 'UptimeRobot',
  alertmanager: 'Alertmanager',
  statuspage: 'Status page',
};

/**
 * Whether a connection of the kind is read with a secret (a Vigil server's access token, a source's API key), which
 * lives in the OS keychain: `required`, nothing can be read without it; `optional`, Uptime Kuma (its metrics with a key,
 * a public status page without) and Gatus (a token only when it is set up with one); `none`, never sent one.
 */
export const CONNECTION_KEY: Record<ConnectionKind, 'required' | 'optional' | 'none'> = {
  vigil: 'required',
  'uptime-kuma': 'optional',
  healthchecks: 'required',
  gatus: 'optional',
  uptimerobot: 'required',
  alertmanager: 'none',
  statuspage: 'none',
};

/** Whether one source is read with a key: its kind's need, but Uptime Kuma read through a status page needs none and
 * read whole (its metrics) needs one. What "Add a source" and `vigil login --kind` ask for. */
export function sourceKeyNeed(sourceKind: SourceKind, page: string | undefined): 'required' | 'optional' | 'none' {
  if (sourceKind === 'uptime-kuma') return page === undefined ? 'required' : 'none';
  return CONNECTION_KEY[sourceKind];
}

/** What the secret a kind is read with is called: a Vigil server's access token, Gatus' token, the others' API key. */
export const CONNECTION_SECRET_NAMES: Record<ConnectionKind, string> = {
  vigil: 'token',
  'uptime-kuma': 'API key',
  healthchecks: 'API key',
  gatus: 'token',
  uptimerobot: 'API key',
  alertmanager: 'key',
  statuspage: 'key',
};

/** Uptime Kuma's own rule for a status page's slug (its `checkSlug`); every route lower-cases it. */
export const KUMA_SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** How each source kind's name reads within a sentence ("Open it in Uptime Kuma", "Open the status page"). */
export const SOURCE_KIND_NAMES: Record<SourceKind, string> = {
  'uptime-kuma': 'Uptime Kuma',
  healthchecks: 'Healthchecks',
  gatus: 'Gatus',
  uptimerobot: 'UptimeRobot',
  alertmanager: 'Alertmanager',
  statuspage: 'the status page',
};

/**
 * The kinds whose items say what they check (an address, a schedule), so they can be copied to a Vigil server; a
 * status page's components and Alertmanager's alerts do not.
 */
export function saysWhatItChecks(kind: ConnectionKind): boolean {
  return kind === 'uptime-kuma' || kind === 'healthchecks' || kind === 'gatus' || kind === 'uptimerobot';
}

/** "3 servers", "1 server and 2 sources", "1 source": connections counted as what they are. */
export function connectionsCount(kinds: readonly ConnectionKind[]): string {
  const sources = kinds.filter(isReadOnlySource).length;
  const servers = kinds.length - sources;
  const counted = (count: number, noun: string) => `${count} ${count === 1 ? noun : `${noun}s`}`;
  if (sources === 0) return counted(servers, 'server');
  return servers === 0 ? counted(sources, 'source') : `${counted(servers, 'server')} and ${counted(sources, 'source')}`;
}

/** "servers", "sources", or "servers and sources": what a number of these connections is a number of. */
export function connectionsNoun(kinds: readonly ConnectionKind[]): string {
  const sources = kinds.filter(isReadOnlySource).length;
  return sources === 0 ? 'servers' : sources === kinds.length ? 'sources' : 'servers and sources';
}

export function isConnectionKind(value: unknown): value is ConnectionKind {
  return (CONNECTION_KINDS as readonly unknown[]).includes(value);
}

/** A source Vigil only reads: nothing of it is created, edited or deleted from Vigil. */
export function isReadOnlySource(kind: ConnectionKind): kind is SourceKind {
  return kind !== 'vigil';
}
