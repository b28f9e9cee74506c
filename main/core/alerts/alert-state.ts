// What the alert policy remembers between polls, and across restarts (the app persists it as JSON), so
// news already told is not told again. It holds only items in a notable condition, and only items the
// last snapshot still had, so it stays small however many items a connection watches; the person's rules add only
// news not told yet (bounded) and the recent changes of monitors that changed.
import type { AlertSeverity, ItemAlertKind } from './alert.ts';
import type { ClientErrorKind } from '../model/snapshot.ts';
import { isRecord, isText, isTime, textList } from './persisted-values.ts';
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

/** An item's news not told yet because of a rule that will lift: told as it then stands (or not, if it is back
 * as it was last told). */
export interface OwedChange {
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
   * long it had lasted when maintenance ended (common/api/maintenance-end.ts). Absent from states written before. */
  outageBegan?: number;
  /** 'maintenance': when the window covering the item was to end, as last seen; absent: until ended. */
  coveredUntil?: number;
}

/** What happened to one item during quiet hours, as the summary will say it. */
export interface HeldStory {
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

export interface AlertState {
  version: 2;
  /** False until the first successful poll since the app started; `restoreAlertState` clears it. */
  primed: boolean;
  connection: ConnectionMemory;
  /** Item key → epoch ms Vigil first saw the monitor down. */
  monitorsDown: Record<string, number>;
  /** Item key → epoch ms Vigil first saw the heartbeat not ok: late, down or failed. */
  heartbeatsLate: Record<string, number>;
  /**
   * Item key → epoch ms Vigil first saw the heartbeat's run failed (its failure is told; each of these is in
   * `heartbeatsLate` too). Added within version 2: a file without it has none.
   */
  heartbeatsFailed: Record<string, number>;
  /** Item key → epoch ms Vigil first saw the heartbeat without any ping (servers do not say when it was made). */
  heartbeatsWaiting: Record<string, number>;
  domains: Record<string, DomainMemory>;
  /** Monitor key → its certificate's expiry already told. Absent from states written before certificates were told
   * (and from states made by hand): read as none. */
  certificates?: Record<string, ExpiryMemory>;
  /** Item key → its news owed (maintenance, a delay, a parent down). */
  owed: Record<string, OwedChange>;
  /** Item key → what happened while quiet, at most `HELD_LIMIT` items (held-limit.ts). */
  held: Record<string, HeldStory>;
  /** Changes held while quiet beyond `HELD_LIMIT` items: counted in the summary, not kept. */
  heldUncounted: number;
  /** Monitor key → its recent changes, for flapping. */
  flapping: Record<string, FlapMemory>;
}

export function initialAlertState(): AlertState {
  return {
    version: 2,
    primed: false,
    connection: { failedPolls: 0, reachability: 'ok', auth: 'ok' },
    monitorsDown: {},
    heartbeatsLate: {},
    heartbeatsFailed: {},
    heartbeatsWaiting: {},
    domains: {},
    certificates: {},
    owed: {},
    held: {},
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

function expiryMap(value: unknown): Record<string, ExpiryMemory> {
  const result: Record<string, ExpiryMemory> = {};
  if (!isRecord(value)) return result;
  for (const [key, memory] of Object.entries(value)) {
    if (isRecord(memory) && isTime(memory.threshold) && isTime(memory.expiryDay)) {
      result[key] = { threshold: memory.threshold, expiryDay: memory.expiryDay };
    }
  }
  return result;
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

/**
 * The state as the app starts: from what was persisted (anything unreadable is dropped, an unknown
 * version starts afresh; version 1, from before the person's rules, keeps its memory with nothing owed or held; a
 * state from before certificates were told has none told),
 * not yet primed, and with the failed-poll count reset so yesterday's failures do not add to today's. A "can't
 * reach" already told stays told; news held in quiet hours or owed after maintenance or a delay is still owed.
 */
export function restoreAlertState(persisted: unknown): AlertState {
  if (!isRecord(persisted) || (persisted.version !== 1 && persisted.version !== 2)) return initialAlertState();
  return {
    version: 2,
    primed: false,
    connection: connectionMemory(persisted.connection),
    monitorsDown: timeMap(persisted.monitorsDown),
    heartbeatsLate: timeMap(persisted.heartbeatsLate),
    heartbeatsFailed: timeMap(persisted.heartbeatsFailed),
    heartbeatsWaiting: timeMap(persisted.heartbeatsWaiting),
    domains: expiryMap(persisted.domains),
    certificates: expiryMap(persisted.certificates),
    ...readRuleMemory(persisted),
  };
}
