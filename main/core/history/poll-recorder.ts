// Records what each poll of one connection observed: the stretch of watching moved on, and a row for each item
// whose state changed (never a row per poll), an item gone from the server included; the changes the alert policy
// tracked as events. An item in maintenance is recorded as such (a row when it goes in and when it comes out, with
// the state the server gave), so its timeline shows maintenance and its uptime leaves that time out. When watching
// stops (asleep, unreachable, signed out, the app closing, another connection chosen) the stretch ends with its
// reason; a poll that comes too late after the last one (the computer slept unnoticed) starts a new stretch. Nothing
// here ever throws into a poll: a write that fails is tried next poll.
import type { Clock } from '../../../common/clock.ts';
import type { ActiveMaintenance } from '../maintenance/active-maintenance.ts';
import type { Alert } from '../alerts/index.ts';
import { monitorStatusOf, type Monitor } from '../../../common/api/index.ts';
import type { Health } from '../../../common/ipc/views.ts';
import { assessDomain, assessHeartbeat, assessMonitor, failureClass, itemName, monitorHealth, type AssessOptions, type ItemAssessment } from '../health/index.ts';
import type { PollOutcome, Snapshot } from '../model/snapshot.ts';
import type { GapReason } from './gap-reason.ts';
import type { RecordedSince } from './item-since.ts';
import { maintenanceEvents, type MaintenanceFlip } from '../maintenance/maintenance-events.ts';
import { maintenanceLookup, type MaintenanceLookup } from '../maintenance/maintenance-lookup.ts';
import type { ItemWrite, LatestState, RecordedEvent, RecordWrites } from './record-writes.ts';
import { idInKey, TrackedItems } from './tracked-items.ts';

export interface PollRecorderOptions {
  connectionId: string;
  writes: RecordWrites;
  clock: Pick<Clock, 'now'>;
  /** The poll interval now: a poll more than two of them (and a minute) after the last begins a new stretch. */
  intervalMs(): number;
}

/** How items are judged: the alert settings, and when Vigil first saw each never-pinged heartbeat. */
export type JudgeOptions = Pick<AssessOptions, 'graceSeconds' | 'thresholds' | 'waitingSince'>;

interface Tracked extends LatestState {
  id: string | undefined;
  /** The poll that last listed the item. */
  seenIn: number;
}

/** An item's write, with its id; `flipped`: it went into maintenance or came out, as far as the record knows. */
interface Change {
  write: ItemWrite;
  id: string | undefined;
  flipped: boolean;
}

type ItemSource = { kind: 'monitor'; monitor: Monitor } | { kind: 'heartbeat' | 'domain'; item: ItemAssessment };

interface OpenWatch {
  seq: number;
  start: number;
  lastAt: number;
}

export class PollRecorder {
  readonly #options: PollRecorderOptions;
  #tracked = new TrackedItems<Tracked>();
  /** The record's file the memory was read from. */
  #generation: number;
  #watch: OpenWatch | undefined;
  /** The start of the latest stretch, open or not (for since lookups while not watching). */
  #watchStart: number | undefined;
  #polls = 0;
  /** Entries not gone from the server: a poll that lists as many of them has no item gone. */
  #present = 0;

  constructor(options: PollRecorderOptions) {
    this.#options = options;
    this.#generation = options.writes.generation;
    this.#load();
  }

  /** Carries on from what the record holds (at start, or when it had to start afresh in a new file). */
  #load(): void {
    const { writes, connectionId } = this.#options;
    this.#tracked = new TrackedItems();
    this.#present = 0;
    for (const latest of writes.latestStates(connectionId)) {
      this.#tracked.set({ ...latest, id: idInKey(latest.key), seenIn: 0 });
      if (latest.health !== 'gone') this.#present += 1;
    }
    this.#watchStart = writes.lastWatch(connectionId)?.start;
    this.#watch = undefined;
  }

  /** The stretch of watching under way, if Vigil is watching now. */
  get watching(): { start: number; lastAt: number } | undefined {
    return this.#watch;
  }

  /**
   * A poll's outcome, how its items are judged (as of the poll), the changes the alert policy tracked, and which
   * items were in maintenance then (this connection's own item keys; absent: none).
   */
  recordPoll(outcome: PollOutcome, judge: JudgeOptions, changes: readonly Alert[], maintenance?: ActiveMaintenance): void {
    const { writes, connectionId, clock } = this.#options;
    const now = clock.now();
    const events = changes.map((alert) => eventOf(alert, now));
    if (!outcome.ok) {
      const failure = failureClass(outcome.error.kind);
      if (failure === 'signed-out') this.stop('signed-out');
      else if (failure !== 'transient') this.stop('unreachable');
      writes.writeEvents(connectionId, events);
      return;
    }
    if (writes.generation !== this.#generation) {
      this.#generation = writes.generation;
      this.#load();
    }
    const at = outcome.snapshot.takenAt;
    const watch = this.#watch;
    const continues = watch !== undefined && at - watch.lastAt <= 2 * this.#options.intervalMs() + 60_000;
    this.#polls += 1;
    const changed = this.#changesIn(outcome.snapshot, judge, maintenanceLookup(maintenance));
    events.push(...maintenanceEvents(this.#flips(changed), maintenance?.everything !== undefined, now));
    const written = writes.writePoll(connectionId, at, continues ? watch.seq : undefined, changed.map(({ write }) => write), events);
    if (written === undefined) return;
    this.#watch = continues ? { ...watch, lastAt: at } : { seq: written.watchSeq, start: at, lastAt: at };
    this.#watchStart = this.#watch.start;
    this.#remember(changed, written.seqs, at);
    writes.pruneWhenDue(now);
  }

  /** Watching stops for this reason; the next successful poll begins a new stretch. */
  stop(reason: GapReason): void {
    const watch = this.#watch;
    if (watch === undefined) return;
    this.#watch = undefined;
    this.#options.writes.endWatch(watch.seq, reason);
  }

  /** What the record says of an item's current state, for "down for 12 min". */
  recordedSince(item: ItemAssessment): RecordedSince | undefined {
    const tracked = this.#tracked.find(item);
    if (tracked === undefined || tracked.health === 'gone') return undefined;
    return { state: tracked.state, since: tracked.since, watchStart: this.#watchStart ?? tracked.since };
  }

  /**
   * What changed since the last poll. A monitor is judged here from its status alone, without the assessment object
   * and key string the status builds for each of 10,000 monitors: only a new or changed one gets them. A changed
   * item's name is saved when it differs (a rename alone is not worth comparing every name of every poll).
   */
  #changesIn(snapshot: Snapshot, judge: JudgeOptions, maintenance: MaintenanceLookup): Change[] {
    const poll = this.#polls;
    const changed: Change[] = [];
    /** Items new to the record in this poll: a key listed twice (a server's bug) is recorded once. */
    const added = new Set<string>();
    const options = { ...judge, now: snapshot.takenAt, observedAt: snapshot.takenAt };
    let place = 0;
    let listed = 0;
    this.#tracked.places(snapshot.monitors.length + snapshot.heartbeats.length + snapshot.domains.length);
    const compare = (source: ItemSource, id: string | undefined, health: Health, state: string, expiresOn: string | undefined) => {
      const here = place;
      place += 1;
      const inMaintenance = maintenance.covers(source.kind, id, id === undefined ? assessed(source).key : undefined);
      const tracked = id === undefined ? this.#tracked.byKey(assessed(source).key) : this.#tracked.atPlace(source.kind, id, here);
      if (tracked === undefined) {
        const { key } = assessed(source);
        if (added.has(key)) return;
        added.add(key);
      } else {
        if (tracked.seenIn === poll) return;
        tracked.seenIn = poll;
        if (tracked.health !== 'gone') listed += 1;
        if (tracked.health !== 'gone' && tracked.state === state && tracked.health === health && tracked.expiresOn === expiresOn && tracked.maintenance === inMaintenance) return;
      }
      const item = assessed(source);
      const name = itemName(item);
      // An item first seen (or back on the server) in maintenance went in as far as the record knows.
      const flipped = inMaintenance !== (tracked !== undefined && tracked.health !== 'gone' && tracked.maintenance);
      changed.push({ write: { seq: tracked?.seq, key: item.key, kind: item.kind, name: name === tracked?.name ? undefined : name, health, state, expiresOn, maintenance: inMaintenance }, id, flipped });
    };
    for (const monitor of snapshot.monitors) {
      const state = monitorStatusOf(monitor);
      compare({ kind: 'monitor', monitor }, monitor.id, monitorHealth(state), state, undefined);
    }
    for (const heartbeat of snapshot.heartbeats) {
      const item = assessHeartbeat(heartbeat, options);
      compare({ kind: 'heartbeat', item }, heartbeat.id, item.health, item.state, undefined);
    }
    for (const domain of snapshot.domains) {
      const item = assessDomain(domain, options);
      compare({ kind: 'domain', item }, domain.id, item.health, item.state, domain.expires_on);
    }
    // Only when fewer items than expected were listed is one gone: the common poll skips the look.
    if (listed < this.#present) {
      for (const tracked of this.#tracked.values()) {
        if (tracked.seenIn === poll || tracked.health === 'gone') continue;
        changed.push({ write: { seq: tracked.seq, key: tracked.key, kind: tracked.kind, name: undefined, health: 'gone', state: 'gone', expiresOn: undefined, maintenance: false }, id: tracked.id, flipped: false });
      }
    }
    return changed;
  }

  /** The items of this poll's changes that went into maintenance or came out, with their names. */
  #flips(changed: readonly Change[]): MaintenanceFlip[] {
    return changed.flatMap(({ write, flipped }) => (flipped ? [{ key: write.key, name: write.name ?? this.#tracked.byKey(write.key)?.name, on: write.maintenance }] : []));
  }

  /** The written changes into memory: an entry already known is changed in place (the lookup may hold it). */
  #remember(changed: readonly Change[], seqs: ReadonlyMap<string, number>, at: number): void {
    for (const { write, id } of changed) {
      const previous = this.#tracked.byKey(write.key);
      const wasPresent = previous !== undefined && previous.health !== 'gone';
      const present = write.health !== 'gone';
      this.#present += (present ? 1 : 0) - (wasPresent ? 1 : 0);
      if (previous !== undefined) {
        if (write.name !== undefined) previous.name = write.name;
        previous.since = at;
        previous.health = write.health;
        previous.state = write.state;
        previous.expiresOn = write.expiresOn;
        previous.maintenance = write.maintenance;
        continue;
      }
      const seq = seqs.get(write.key);
      if (seq === undefined) continue;
      const { key, kind, name = key, health, state, expiresOn, maintenance } = write;
      this.#tracked.set({ seq, id, key, kind, name, since: at, health, state, expiresOn, maintenance, seenIn: this.#polls });
    }
  }
}

/** The item as the status judges it, built only when a change needs its key or name. */
function assessed(source: ItemSource): ItemAssessment {
  return source.kind === 'monitor' ? assessMonitor(source.monitor) : source.item;
}

function eventOf(alert: Alert, at: number): RecordedEvent {
  return { at, itemKey: alert.itemKey, kind: alert.kind, severity: alert.severity, title: alert.title };
}
