// What the alert policy remembers between polls, and across restarts (the app persists it as JSON), so
// news already told is not told again. It holds only items in a notable condition, and only items the
// last snapshot still had, so it stays small however many items a connection watches; the person's rules add only
// news not told yet (bounded) and the recent changes of monitors that changed.
import type { AlertSeverity, ItemAlertKind } from './alert.ts';
import type { ClientErrorKind } from '../model/snapshot.ts';
import { isRecord, isText, isTime, recordOf, textList } from './persisted-values.ts';
import { readRuleMemory } from './rule-memory-reader.ts';

export interface ConnectionMemory {
  /** Failed polls in a row that count toward "can't reach" (see `failureClass`). */
  failedPolls: number;
  /** 'lost' once "can't reach" was due; back to 'ok' on the next answer. */
  reachability: 'ok' | 'lost';
  /** 'rejected' after a 401: stop polling until the token changes (then call `tokenReplaced`). */
  auth: 'ok' | 'rejected';
  lastSuccessfulPollAt?: number;
  /** The token expiry (epoch ms) already warned about. */
  tokenWarnedFor?: number;
  /** "Can't reach" or "reachable again" not told because a server-wide window was on (owed-reachability.ts). */
  owed?: OwedReachability;
}

/** The connection's reachability news owed since a server-wide maintenance window. */
export interface OwedReachability {
  /** Whether the person was last told the connection is unreachable. */
  toldLost: boolean;
  /** The ids of the changes this stands for. */
  ids: string[];
  /** Why it could not be reached, as the "can't reach" owed said. */
  error?: { kind: ClientErrorKind; message: string };
}

/** The smallest threshold already reached (-1 = expired) for the expiry day it was reached on: a domain's, or a
 * monitor's certificate's. */
export interface ExpiryMemory {
  threshold: number;
  expiryDay: number;
}

export type DomainMemory = ExpiryMemory;

/** A monitor Vigil has seen down, since when. */
export interface MonitorMemory {
  downSince: number;
}

/** A heartbeat not ok (late, down or failed), failed, or not pinged yet: since when Vigil has seen each. */
export interface HeartbeatMemory {
  /** Not ok (late, down or failed) since. */
  troubleSince?: number;
  /** Its run failed since (its failure is told; such a heartbeat has `troubleSince` too). */
  failedSince?: number;
  /** Without any ping since (servers do not say when it was made). */
  waitingSince?: number;
}

/** A source's item with a problem: since when Vigil has seen it so, and how bad the news told of it was. */
export interface SourceMemory {
  troubleSince: number;
  told: 'warning' | 'critical';
}

/** What a piece of news is about: an item's own state (up, down, late, expiring), or a monitor's certificate, each
 * with a story of its own (a certificate expiring in 7 days must not replace "API is down" in the quiet-hours
 * summary, nor be dropped when the monitor is back up). `key`: the item's (the monitor's, for its certificate). */
export interface NewsSubject {
  about: 'state' | 'certificate';
  key: string;
}

/** What a held story is about: an item's news, or the connection's reachability or token. */
export type HeldSubject = NewsSubject | { about: 'reachability' | 'token' };

/** An item's news not told yet because of a rule that will lift: told as it then stands (or not, if it is back
 * as it was last told). */
export interface OwedChange {
  about: NewsSubject;
  reason: 'maintenance' | 'delay' | 'dependency';
  /** The latest change's kind (and so whether the item is now bad), title and severity. */
  kind: ItemAlertKind;
  title: string;
  severity: AlertSeverity;
  name: string;
  /** Whether the person was last told the item is bad. */
  toldBad: boolean;
  /** When the latest change happened. */
  since: number;
  /** The ids of the changes this stands for that no alert has included yet. */
  ids: string[];
  /** 'delay': when it is told if still bad. */
  dueAt?: number;
  /** An expiry's: when the item ends (a certificate's instant, the start of a domain's UTC day), so it is told with
   * the days left as they stand when told. */
  endsAt?: number;
  /** A monitor's: when its outage began (the server's `status_since`, else when Vigil first saw it down), for how
   * long it had lasted when maintenance ended (common/maintenance/maintenance-end.ts). Absent from states written before. */
  outageBegan?: number;
  /** 'maintenance': when the window covering the item was to end, as last seen; absent: until ended. */
  coveredUntil?: number;
}

/** What happened to one item (or the connection) during quiet hours, as the summary will say it. */
export interface HeldStory {
  about: HeldSubject;
  /** "API is down", "API was down 14 min, recovered". */
  story: string;
  severity: AlertSeverity;
  bad: boolean;
  ids: string[];
}

/** A monitor's recent state changes (epoch ms, the last `minutes` of them), and since when it is flapping. */
export interface FlapMemory {
  name: string;
  changes: number[];
  flappingSince?: number;
  /** Changes while flapping, told by the "settled" alert. */
  ids: string[];
}

/**
 * Version 3: one record per item, by the item's key, in a table per kind of item (version 2 kept six tables of times
 * and expiries, the heartbeat's in three); news owed and held as lists, each entry saying what it is about (version
 * 2 kept them by key, a certificate's as `certificate:monitor:42`), in the order they were owed or held.
 */
export interface AlertState {
  version: 3;
  /** False until the first successful poll since the app started; `restoreAlertState` clears it. */
  primed: boolean;
  connection: ConnectionMemory;
  monitors: Record<string, MonitorMemory>;
  heartbeats: Record<string, HeartbeatMemory>;
  domains: Record<string, DomainMemory>;
  /** Monitor key → its certificate's expiry already told. */
  certificates: Record<string, ExpiryMemory>;
  /** A read-only source's items with a problem (absent from states written before sources). */
  sources: Record<string, SourceMemory>;
  /** News owed (maintenance, a delay, a parent down), in the order it was first owed. */
  owed: OwedChange[];
  /** What happened while quiet, in the order it was first held: at most `HELD_LIMIT` stories (held-limit.ts). */
  held: HeldStory[];
  /** Changes held while quiet beyond `HELD_LIMIT` items: counted in the summary, not kept. */
  heldUncounted: number;
  /** Monitor key → its recent changes, for flapping. */
  flapping: Record<string, FlapMemory>;
}

/** The key news is kept by while owed or held: the item's own for its state, another for its certificate's. Never
 * read back into a subject: each entry keeps its own. */
export function newsId(subject: HeldSubject): string {
  return subject.about === 'state' ? subject.key : subject.about === 'certificate' ? `certificate ${subject.key}` : subject.about;
}

/** Whether the item (by its key) is in a bad state in this memory: a monitor down, a heartbeat not ok, a domain
 * expiring. */
export function isItemBad(memory: AlertState, key: string): boolean {
  return Object.hasOwn(memory.monitors, key) || memory.heartbeats[key]?.troubleSince !== undefined || Object.hasOwn(memory.domains, key) || Object.hasOwn(memory.sources, key);
}

/** Whether what the news is about is bad in this memory: the item, or its certificate expiring. */
export function isBadNow(memory: AlertState, subject: NewsSubject): boolean {
  return subject.about === 'certificate' ? Object.hasOwn(memory.certificates, subject.key) : isItemBad(memory, subject.key);
}

const waitingKept = new WeakMap<AlertState['heartbeats'], Record<string, number>>();

/** Heartbeat key → since when it has had no ping, as the health judgement takes it: worked out once per poll's
 * heartbeat records (the status and the tray ask for it after every poll of every server). */
export function heartbeatsWaiting(state: AlertState): Record<string, number> {
  const kept = waitingKept.get(state.heartbeats);
  if (kept !== undefined) return kept;
  const waiting: Record<string, number> = {};
  for (const key in state.heartbeats) {
    const since = state.heartbeats[key]?.waitingSince;
    if (since !== undefined) waiting[key] = since;
  }
  waitingKept.set(state.heartbeats, waiting);
  return waiting;
}

export function initialAlertState(): AlertState {
  return {
    version: 3,
    primed: false,
    connection: { failedPolls: 0, reachability: 'ok', auth: 'ok' },
    monitors: {},
    heartbeats: {},
    domains: {},
    certificates: {},
    sources: {},
    owed: [],
    held: [],
    heldUncounted: 0,
    flapping: {},
  };
}

/**
 * The state a connection's session starts from, whenever it starts: at launch, turned back on after being off, or
 * restarted after its address or name changed. Its first successful poll is a first poll again: what changed while it
 * was not watched is told as it stands ("Already so when Vigil began watching this server…", one summary for several things), not as a
 * burst of fresh news; and failures from before do not count towards "can't reach". What was told stays told.
 */
export function sessionStartState(state: AlertState): AlertState {
  return { ...state, primed: false, connection: { ...state.connection, failedPolls: 0 } };
}

/** The caller has a new token: polling may resume, and a new rejection is news again. */
export function tokenReplaced(state: AlertState): AlertState {
  return { ...state, connection: { ...state.connection, auth: 'ok' } };
}

function timeMap(value: unknown): Record<string, number> {
  const result: Record<string, number> = {};
  if (!isRecord(value)) return result;
  for (const [key, time] of Object.entries(value)) if (isTime(time)) result[key] = time;
  return result;
}

function expiryMemory(value: unknown): ExpiryMemory | undefined {
  return isRecord(value) && isTime(value.threshold) && isTime(value.expiryDay) ? { threshold: value.threshold, expiryDay: value.expiryDay } : undefined;
}

function owedReachability(value: unknown): OwedReachability | undefined {
  if (!isRecord(value) || typeof value.toldLost !== 'boolean') return undefined;
  const owed: OwedReachability = { toldLost: value.toldLost, ids: textList(value.ids) };
  const { error } = value;
  if (isRecord(error) && isText(error.kind) && isText(error.message)) owed.error = { kind: error.kind as ClientErrorKind, message: error.message };
  return owed;
}

function connectionMemory(value: unknown): ConnectionMemory {
  const memory: ConnectionMemory = { failedPolls: 0, reachability: 'ok', auth: 'ok' };
  if (!isRecord(value)) return memory;
  if (value.reachability === 'lost') memory.reachability = 'lost';
  if (value.auth === 'rejected') memory.auth = 'rejected';
  if (isTime(value.lastSuccessfulPollAt)) memory.lastSuccessfulPollAt = value.lastSuccessfulPollAt;
  if (isTime(value.tokenWarnedFor)) memory.tokenWarnedFor = value.tokenWarnedFor;
  const owed = owedReachability(value.owed);
  if (owed !== undefined) memory.owed = owed;
  return memory;
}

function monitorMemory(value: unknown): MonitorMemory | undefined {
  return isRecord(value) && isTime(value.downSince) ? { downSince: value.downSince } : undefined;
}

function sourceMemory(value: unknown): SourceMemory | undefined {
  return isRecord(value) && isTime(value.troubleSince) && (value.told === 'warning' || value.told === 'critical') ? { troubleSince: value.troubleSince, told: value.told } : undefined;
}

function heartbeatMemory(value: unknown): HeartbeatMemory | undefined {
  if (!isRecord(value)) return undefined;
  const memory: HeartbeatMemory = {};
  if (isTime(value.troubleSince)) memory.troubleSince = value.troubleSince;
  if (isTime(value.failedSince)) memory.failedSince = value.failedSince;
  if (isTime(value.waitingSince)) memory.waitingSince = value.waitingSince;
  return Object.keys(memory).length > 0 ? memory : undefined;
}

/** Version 1 and 2's six tables, each item's times in one record per item. */
function itemsFromVersion2(persisted: Record<string, unknown>): Pick<AlertState, 'monitors' | 'heartbeats'> {
  const monitors: Record<string, MonitorMemory> = {};
  for (const [key, downSince] of Object.entries(timeMap(persisted.monitorsDown))) monitors[key] = { downSince };
  const heartbeats: Record<string, HeartbeatMemory> = {};
  const fields = [
    ['heartbeatsLate', 'troubleSince'],
    ['heartbeatsFailed', 'failedSince'],
    ['heartbeatsWaiting', 'waitingSince'],
  ] as const;
  for (const [table, field] of fields) {
    for (const [key, since] of Object.entries(timeMap(persisted[table]))) heartbeats[key] = { ...heartbeats[key], [field]: since };
  }
  return { monitors, heartbeats };
}

/**
 * The state as the app starts: from what was persisted (anything unreadable is dropped, an unknown
 * version starts afresh; version 1, from before the person's rules, keeps its memory with nothing owed or held; a
 * state from before certificates were told has none told; version 2's tables become version 3's records),
 * not yet primed, and with the failed-poll count reset so yesterday's failures do not add to today's. A "can't
 * reach" already told stays told; news held in quiet hours or owed after maintenance or a delay is still owed.
 */
export function restoreAlertState(persisted: unknown): AlertState {
  if (!isRecord(persisted) || (persisted.version !== 1 && persisted.version !== 2 && persisted.version !== 3)) return initialAlertState();
  const items = persisted.version === 3 ? { monitors: recordOf(persisted.monitors, monitorMemory), heartbeats: recordOf(persisted.heartbeats, heartbeatMemory) } : itemsFromVersion2(persisted);
  return {
    version: 3,
    primed: false,
    connection: connectionMemory(persisted.connection),
    ...items,
    domains: recordOf(persisted.domains, expiryMemory),
    certificates: recordOf(persisted.certificates, expiryMemory),
    sources: recordOf(persisted.sources, sourceMemory),
    ...readRuleMemory(persisted),
  };
}
