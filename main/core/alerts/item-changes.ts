// Change detection: one snapshot against what the policy remembers, yielding the item news and the new
// memory. The memory is rebuilt from the snapshot's items only, which forgets items that are gone.
import type { StatusTaken } from '../../../common/api/changes.ts';
import { dateTimeToEpochMs } from '../../../common/api/datetimes.ts';
import { monitorStatusOf, type Domain, type Heartbeat, type Monitor } from '../../../common/api/index.ts';
import {
  domainExpiryDay,
  domainKey,
  heartbeatKey,
  heartbeatTiming,
  monitorKey,
  utcDay,
  type HeartbeatTiming,
} from '../health/index.ts';
import { parseItemKey, sourceItemKey } from '../../../common/ipc/item-key.ts';
import type { Snapshot } from '../model/snapshot.ts';
import type { AlertState, DomainMemory, HeartbeatMemory, MonitorMemory, NewsSubject, SourceMemory } from './alert-state.ts';
import type { SourceItem } from '../sources/source-reading.ts';
import { certificateChanges, type CertificateEvent, type CertificateRenewal } from './certificate-changes.ts';
import { EXPIRED, expiryStep } from './expiry-step.ts';

export type ItemEvent =
  | { kind: 'monitor-down'; key: string; monitor: Monitor }
  /** `recoveredAt`: when the server saw it up again, for an outage that came and went between two polls. */
  | { kind: 'monitor-recovered'; key: string; monitor: Monitor; downSince: number; recoveredAt?: number }
  | { kind: 'heartbeat-late'; key: string; heartbeat: Heartbeat; timing: HeartbeatTiming; waitingSince?: number }
  | { kind: 'heartbeat-failed'; key: string; heartbeat: Heartbeat; timing: HeartbeatTiming }
  /** `failedSince`: the trouble that ended was a failed run (told "succeeded after failing"), not only lateness. */
  | { kind: 'heartbeat-recovered'; key: string; heartbeat: Heartbeat; timing: HeartbeatTiming; lateSince: number; failedSince?: number }
  | { kind: 'domain-expiring' | 'domain-expired'; key: string; domain: Domain; daysLeft: number }
  /** `worse`: it had a warning told already and is critical now. */
  | { kind: 'source-problem'; key: string; item: SourceItem; worse?: boolean }
  | { kind: 'source-recovered'; key: string; item: SourceItem; troubleSince: number }
  | CertificateEvent;

type ItemMemory = Pick<AlertState, 'monitors' | 'heartbeats' | 'domains' | 'certificates' | 'sources'>;

/** What an item's news is about: a certificate's news has a story of its own, apart from its monitor's up and down. */
export function subjectOf(event: ItemEvent): NewsSubject {
  const certificate = event.kind === 'certificate-expiring' || event.kind === 'certificate-expired';
  return { about: certificate ? 'certificate' : 'state', key: event.key };
}

export interface ItemRules {
  now: number;
  heartbeatGraceSeconds: number;
  thresholds: readonly number[];
}

// Memory is looked up in Maps: a Record indexed by freshly built key strings costs several times more,
// which matters at 10,000 monitors a poll.
//
// Two items with one key (a server bug, or two unnamed items without ids) must not flip each other's
// memory from poll to poll, so the worst of them wins whatever their order: a key already in `next` is
// done, and a recovery is told only once the whole list shows nothing still bad under that key.

/** Memory of items with ids, by bare id: looking up the id the item already has is cheaper than building its key. */
export function byId<T>(memory: Readonly<Record<string, T>>): Map<string, T> {
  const index = new Map<string, T>();
  for (const [key, value] of Object.entries(memory)) {
    const ref = parseItemKey(key);
    if (ref !== undefined && 'id' in ref) index.set(ref.id, value);
  }
  return index;
}

/** Each recovery found, once however many items share its key, and only when none of them is still bad (`stillBad`:
 * the memory this poll built). */
function tellRecoveries(recovered: readonly ItemEvent[], stillBad: ReadonlyMap<string, number>, events: ItemEvent[]): void {
  const told = new Set<string>();
  for (const event of recovered) {
    if (stillBad.has(event.key) || told.has(event.key)) continue;
    told.add(event.key);
    events.push(event);
  }
}

/**
 * The changes among the statuses a monitor took before the poll (its `statusesBefore`), told as they happened: from
 * `downSince` (undefined: not down) to what they leave. The monitor is told as it was then, down or up at that moment.
 */
function changesBefore(monitor: Monitor, key: string, statuses: readonly StatusTaken[], downSince: number | undefined, now: number, events: ItemEvent[]): number | undefined {
  let since = downSince;
  for (const { status, at } of statuses) {
    // The service's clock may be ahead of Vigil's: a moment from its future is now.
    const when = Math.min(dateTimeToEpochMs(at) ?? now, now);
    const asThen = { ...monitor, last_status: status, status_since: at };
    if (status === 'down' && since === undefined) {
      events.push({ kind: 'monitor-down', key, monitor: asThen });
      since = when;
    } else if (status === 'up' && since !== undefined) {
      events.push({ kind: 'monitor-recovered', key, monitor: asThen, downSince: since, recoveredAt: when });
      since = undefined;
    }
  }
  return since;
}

function monitorChanges(
  monitors: readonly Monitor[],
  previous: Readonly<Record<string, MonitorMemory>>,
  statusesBefore: Readonly<Record<string, readonly StatusTaken[]>> | undefined,
  now: number,
  events: ItemEvent[],
): Record<string, MonitorMemory> {
  /** Down since, by key. */
  const next = new Map<string, number>();
  const previousById = byId(previous);
  const recovered: Extract<ItemEvent, { kind: 'monitor-recovered' }>[] = [];
  for (const monitor of monitors) {
    let downSince = (monitor.id === undefined ? previous[monitorKey(monitor)] : previousById.get(monitor.id))?.downSince;
    const before = monitor.id === undefined ? undefined : statusesBefore?.[monitor.id];
    const status = monitorStatusOf(monitor);
    // The usual case, up or unknown and not down before, has nothing to remember or tell.
    if (status !== 'down' && downSince === undefined && before === undefined) continue;
    const key = monitorKey(monitor);
    if (next.has(key)) continue;
    if (before !== undefined) downSince = changesBefore(monitor, key, before, downSince, now, events);
    if (status === 'down') {
      next.set(key, downSince ?? now);
      if (downSince === undefined) events.push({ kind: 'monitor-down', key, monitor });
    } else if (downSince !== undefined) {
      // unknown (e.g. after an edit) is no news either way: still down until the server says up.
      if (status === 'up') recovered.push({ kind: 'monitor-recovered', key, monitor, downSince });
      else next.set(key, downSince);
    }
  }
  tellRecoveries(recovered, next, events);
  const memory: Record<string, MonitorMemory> = {};
  for (const [key, downSince] of next) memory[key] = { downSince };
  return memory;
}

/**
 * Whether a heartbeat told failed at `failedSince` has succeeded since, in a poll that is not `up`: late, down or
 * failed again. A state other than failed means the server's latest outcome is a success; failed again, a success
 * came if the last success (`last_ping`) is later than when Vigil saw the failure.
 */
function successSince(heartbeat: Heartbeat, timing: HeartbeatTiming, failedSince: number): boolean {
  switch (timing.state) {
    case 'late':
    case 'down':
      return heartbeat.last_outcome === 'success';
    case 'failed':
      return timing.lastPingAt !== undefined && timing.lastPingAt > failedSince;
    default:
      return false;
  }
}

function heartbeatChanges(
  heartbeats: readonly Heartbeat[],
  previousRecord: Readonly<Record<string, HeartbeatMemory>>,
  rules: ItemRules,
  events: ItemEvent[],
): Record<string, HeartbeatMemory> {
  const previous = new Map(Object.entries(previousRecord));
  const late = new Map<string, number>();
  const failed = new Map<string, number>();
  const waiting = new Map<string, number>();
  const recovered: Extract<ItemEvent, { kind: 'heartbeat-recovered' }>[] = [];
  const { now } = rules;
  for (const heartbeat of heartbeats) {
    const key = heartbeatKey(heartbeat);
    if (late.has(key)) continue;
    let waitingSince: number | undefined;
    if (heartbeat.last_ping === undefined) {
      waitingSince = waiting.get(key) ?? previous.get(key)?.waitingSince ?? now;
      waiting.set(key, waitingSince);
    }
    const timing = heartbeatTiming(heartbeat, now, { graceSeconds: rules.heartbeatGraceSeconds, waitingSince });
    let lateSince = previous.get(key)?.troubleSince;
    let failedSince = previous.get(key)?.failedSince;
    // Failed until a success, and told once however many failures come meanwhile (as the service's alert is); a
    // heartbeat late already is told again, now critical. Only a success ends either: a failed heartbeat that reads
    // waiting or unknown meanwhile stays failed. A success Vigil did not see (asleep, polls failing) still ended
    // the failure: a heartbeat found late, down or failed again after it has a new problem, told as such (the
    // recovery in between is not told: the news is the problem, whose words say when it last succeeded).
    if (failedSince !== undefined && timing.state !== 'up' && successSince(heartbeat, timing, failedSince)) {
      lateSince = undefined;
      failedSince = undefined;
    }
    if (failedSince !== undefined && timing.state !== 'up') failed.set(key, failedSince);
    if (timing.state === 'failed') {
      late.set(key, lateSince ?? now);
      if (failedSince === undefined) {
        // Not before its last success, so a server clock ahead of Vigil's does not make that success look newer.
        failed.set(key, Math.max(now, timing.lastPingAt ?? now));
        events.push({ kind: 'heartbeat-failed', key, heartbeat, timing });
      }
    } else if (timing.state === 'late' || timing.state === 'down') {
      late.set(key, lateSince ?? now);
      if (lateSince === undefined) {
        const event: ItemEvent = { kind: 'heartbeat-late', key, heartbeat, timing };
        events.push(waitingSince === undefined ? event : { ...event, waitingSince });
      }
    } else if (lateSince !== undefined) {
      // Only a ping ends lateness; waiting or an unknown interval leave it as it was.
      if (timing.state === 'up') {
        const event: Extract<ItemEvent, { kind: 'heartbeat-recovered' }> = { kind: 'heartbeat-recovered', key, heartbeat, timing, lateSince };
        recovered.push(failedSince === undefined ? event : { ...event, failedSince });
      } else {
        late.set(key, lateSince);
      }
    }
  }
  tellRecoveries(recovered, late, events);
  const memory: Record<string, HeartbeatMemory> = {};
  for (const [key, troubleSince] of late) memory[key] = { troubleSince };
  for (const [key, failedSince] of failed) memory[key] = { ...memory[key], failedSince };
  for (const [key, waitingSince] of waiting) memory[key] = { ...memory[key], waitingSince };
  return memory;
}

function domainChanges(
  domains: readonly Domain[],
  previous: ReadonlyMap<string, DomainMemory>,
  rules: ItemRules,
  observedAt: number,
  events: ItemEvent[],
): Map<string, DomainMemory> {
  const next = new Map<string, DomainMemory>();
  for (const domain of domains) {
    const key = domainKey(domain);
    if (next.has(key)) continue;
    const memory = previous.get(key);
    const expiryDay = domainExpiryDay(domain, observedAt);
    if (expiryDay === undefined) {
      // The lookup is failing: keep what was reached until an expiry is known again.
      if (memory !== undefined) next.set(key, memory);
      continue;
    }
    const daysLeft = expiryDay - utcDay(rules.now);
    const step = expiryStep(memory, expiryDay, daysLeft, rules.thresholds);
    if (step.due !== undefined) events.push({ kind: step.due === EXPIRED ? 'domain-expired' : 'domain-expiring', key, domain, daysLeft });
    if (step.memory !== undefined) next.set(key, step.memory);
  }
  return next;
}

/**
 * A source's items, as their source judges them: a warning or critical item is news when it becomes one, and again
 * if a warning turns critical; its return to ok is a recovery. Unknown (the source said nothing Vigil knows) and
 * maintenance are no news either way, as a monitor's unknown is.
 */
function sourceChanges(items: readonly SourceItem[], previous: Readonly<Record<string, SourceMemory>>, now: number, events: ItemEvent[]): Record<string, SourceMemory> {
  const next = new Map<string, SourceMemory>();
  const recovered: Extract<ItemEvent, { kind: 'source-recovered' }>[] = [];
  const previousById = byId(previous);
  for (const item of items) {
    const memory = previousById.get(item.id);
    const fine = item.health === 'ok' || item.health === 'unknown';
    // The usual case, fine and not a problem before, has nothing to remember or tell: no key is built for it.
    if (fine && memory === undefined) continue;
    const key = sourceItemKey(item);
    if (fine) {
      if (memory === undefined || next.has(key)) continue;
      // Maintenance is no recovery: what it ends in is told as it then stands.
      if (item.health === 'ok' && item.state !== 'maintenance') recovered.push({ kind: 'source-recovered', key, item, troubleSince: memory.troubleSince });
      else next.set(key, memory);
      continue;
    }
    const kept = next.get(key) ?? memory;
    const told = kept?.told === 'critical' || item.health === 'critical' ? 'critical' : 'warning';
    next.set(key, { troubleSince: kept?.troubleSince ?? now, told });
    if (kept === undefined) events.push({ kind: 'source-problem', key, item });
    else if (kept.told === 'warning' && item.health === 'critical') events.push({ kind: 'source-problem', key, item, worse: true });
  }
  const stillBad = new Map([...next].map(([key, memory]) => [key, memory.troubleSince]));
  tellRecoveries(recovered, stillBad, events);
  return Object.fromEntries(next);
}

/** `certificatesWithNews`: monitor keys whose certificate has news owed or held (`certificateChanges`). */
export function itemChanges(
  previous: ItemMemory,
  snapshot: Snapshot,
  rules: ItemRules,
  certificatesWithNews?: ReadonlySet<string>,
): { memory: ItemMemory; events: ItemEvent[]; renewedCertificates: CertificateRenewal[] } {
  const events: ItemEvent[] = [];
  const renewedCertificates: CertificateRenewal[] = [];
  const memory = {
    monitors: monitorChanges(snapshot.monitors, previous.monitors, snapshot.statusesBefore, rules.now, events),
    heartbeats: heartbeatChanges(snapshot.heartbeats, previous.heartbeats, rules, events),
    domains: Object.fromEntries(domainChanges(snapshot.domains, new Map(Object.entries(previous.domains)), rules, snapshot.takenAt, events)),
    certificates: certificateChanges(snapshot.monitors, previous.certificates, rules.now, events, certificatesWithNews, renewedCertificates),
    sources: snapshot.sourceItems === undefined ? {} : sourceChanges(snapshot.sourceItems, previous.sources, rules.now, events),
  };
  return { memory, events, renewedCertificates };
}
