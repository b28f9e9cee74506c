// What a read-only source says it checks, as a configuration file (configuration-file.ts), so "Copy to This computer"
// and `vigil import --from-server` go through the very import of a file: its preview, its matching (a re-run adds
// only what is missing) and its report. Pure. An item is copied only as far as its source says what it checks:
// an address for a monitor (Uptime Kuma's metrics labels, UptimeRobot, Gatus' hostname), a period or a schedule for
// a heartbeat (Healthchecks, UptimeRobot); anything else is left out with the reason, never guessed.
import { SOURCE_KIND_NAMES, type SourceKind } from '../../../common/ipc/connection-kinds.ts';
import type { ImportReport } from '../../../common/ipc/history.ts';
import { atSentenceStart } from '../api/naming.ts';
import type { SourceItem, SourceTarget } from '../sources/source-reading.ts';
import { configurationFormat, configurationVersion, type ConfigurationFile, type ConfigurationHeartbeat, type ConfigurationMonitor } from './configuration-file.ts';

/** How often a copied monitor is checked where its source does not say: the monitor form's default, and Kuma's. */
const DEFAULT_FREQUENCY_SECONDS = 60;

export interface SourceConfiguration {
  file: ConfigurationFile;
  /** Items it could not copy, with why, for the import's report. */
  leftOut: ImportReport['skipped'];
}

type Copied = { monitor: ConfigurationMonitor } | { heartbeat: ConfigurationHeartbeat } | { leftOut: string };

export function sourceConfiguration(kind: SourceKind, items: readonly SourceItem[], exportedAt: number): SourceConfiguration {
  const file: ConfigurationFile = { format: configurationFormat, version: configurationVersion, exportedAt: new Date(exportedAt).toISOString(), monitors: [], heartbeats: [], domains: [], notificationHandlers: [] };
  const leftOut: ImportReport['skipped'] = [];
  const who = atSentenceStart(SOURCE_KIND_NAMES[kind]);
  for (const item of items) {
    const copied = item.kind === 'heartbeat' ? heartbeatOf(item, who) : monitorOf(item, who);
    if ('monitor' in copied) file.monitors.push(copied.monitor);
    else if ('heartbeat' in copied) file.heartbeats.push(copied.heartbeat);
    else leftOut.push({ kind: item.kind === 'heartbeat' ? 'heartbeat' : 'monitor', name: item.name, reason: copied.leftOut });
  }
  return { file, leftOut };
}

function monitorOf(item: SourceItem, who: string): Copied {
  if (item.kind === 'component') return { leftOut: 'a status page’s component says nothing of what is checked, so there is nothing to copy' };
  if (item.kind === 'alert') return { leftOut: 'an alert is a rule’s finding, not a check: copy the rule in Prometheus' };
  const checked = checkOf(item.target);
  if (checked === undefined) return { leftOut: `${who} does not say what it checks${item.target?.type === undefined ? '' : ` (a ${item.target.type} monitor)`}, so there is nothing to copy` };
  if ('unsupported' in checked) return { leftOut: checked.unsupported };
  const frequency = item.schedule?.periodSeconds ?? DEFAULT_FREQUENCY_SECONDS;
  return { monitor: { name: item.name, type: checked.type, url: checked.url, frequency } };
}

type Check = { type: 'http' | 'tcp' | 'udp' | 'ping'; url: string } | { unsupported: string };

/** Types by the words the sources use (Kuma's `monitor_type`, UptimeRobot's type, a Gatus URL's scheme). */
const HTTP_TYPES = new Set(['http', 'https', 'keyword', 'json-query']);
const TCP_TYPES = new Set(['port', 'tcp']);
const PING_TYPES = new Set(['ping', 'icmp']);

function checkOf(target: SourceTarget | undefined): Check | undefined {
  if (target === undefined) return undefined;
  const type = target.type?.toLowerCase();
  const scheme = /^([a-z]+):\/\//i.exec(target.url ?? '')?.[1]?.toLowerCase();
  if (target.url !== undefined && (scheme === 'http' || scheme === 'https') && (type === undefined || HTTP_TYPES.has(type))) return { type: 'http', url: target.url };
  if (type === 'push') return { unsupported: 'a push monitor is a heartbeat, and its source does not say how often it expects a push: add it as a heartbeat by hand' };
  const host = target.hostname ?? hostOfUrl(target.url);
  if (host === undefined) return undefined;
  const port = target.port ?? portOfUrl(target.url);
  if ((type !== undefined && TCP_TYPES.has(type)) || scheme === 'tcp') return port === undefined ? undefined : { type: 'tcp', url: `${bracketed(host)}:${port}` };
  if (scheme === 'udp') return port === undefined ? undefined : { type: 'udp', url: `${bracketed(host)}:${port}` };
  if ((type !== undefined && PING_TYPES.has(type)) || scheme === 'icmp') return { type: 'ping', url: host };
  if (type === 'dns') return { unsupported: 'a DNS check whose record type its source does not say: add it as a DNS monitor by hand' };
  return type === undefined ? undefined : { unsupported: `a ${type} check, which Vigil does not make` };
}

function hostOfUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const host = new URL(url).hostname;
    return host === '' ? undefined : host.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

function portOfUrl(url: string | undefined): number | undefined {
  if (url === undefined) return undefined;
  try {
    const port = new URL(url).port;
    return port === '' ? undefined : Number(port);
  } catch {
    return undefined;
  }
}

function bracketed(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function heartbeatOf(item: SourceItem, who: string): Copied {
  const schedule = item.schedule;
  if (schedule?.cron !== undefined) {
    const heartbeat: ConfigurationHeartbeat = { name: item.name, schedule: schedule.cron };
    if (schedule.timeZone !== undefined) heartbeat.timezone = schedule.timeZone;
    if (schedule.graceSeconds !== undefined) heartbeat.grace_seconds = schedule.graceSeconds;
    return { heartbeat };
  }
  if (schedule?.periodSeconds !== undefined) {
    const heartbeat: ConfigurationHeartbeat = { name: item.name, expected_interval: schedule.periodSeconds };
    if (schedule.graceSeconds !== undefined) heartbeat.grace_seconds = schedule.graceSeconds;
    return { heartbeat };
  }
  return { leftOut: `${who} does not say how often it expects a ping, so there is nothing to copy` };
}
