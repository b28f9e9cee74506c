// Follows the maintenance windows through time on the service's clock: one timer for the next start or end of any
// window (a weekly window's occurrences included), the history told when an item or the whole service goes into
// maintenance and out again, and the held alerts looked at whenever a window stops covering something.
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../../common/clock.ts';
import type { Logger } from '../logger.ts';
import type { MaintenanceRecord } from './maintenance-store.ts';
import { activeWindows, coversItem, stateHolds, windowStateAt, type ActiveWindows, type Scope, type WindowState } from './active-windows.ts';

/** Where maintenance is recorded as history (`kind: "maintenance"` events), and what was recorded last. */
export interface MaintenanceRecorder {
  /** Scopes whose latest recorded maintenance event went `on`, with its detail. */
  recordedOn(): ReadonlyMap<Scope, string>;
  recordMaintenance(change: { at: number; scope: Scope; itemName: string | undefined; on: boolean; detail: string }): void;
}

export interface MaintenanceScheduleOptions {
  clock: Clock;
  logger: Logger;
  recorder: MaintenanceRecorder;
  /** The name of the item a scope stands for, for the events. */
  nameOf(scope: Scope): string | undefined;
  /** After every change of what is covered: held alerts whose item is no longer covered are told now. */
  onChanged(): void;
}

const defaultDetail = 'maintenance';

export class MaintenanceSchedule {
  readonly #options: MaintenanceScheduleOptions;
  /** Each window with its state, kept until that window's own next start or end. */
  readonly #windows = new Map<string, { record: MaintenanceRecord; state: WindowState | undefined }>();
  #active: ActiveWindows | undefined;
  /** Scope → detail of the "on" event, for each scope the history last heard went into maintenance. */
  #recorded = new Map<Scope, string>();
  #timer: TimerHandle | undefined;

  constructor(records: readonly MaintenanceRecord[], options: MaintenanceScheduleOptions) {
    this.#options = options;
    for (const record of records) this.#windows.set(record.id, { record, state: undefined });
    for (const [scope, detail] of options.recorder.recordedOn()) this.#recorded.set(scope, detail);
  }

  /** Records what changed while the service was not running, tells what is owed, and arms the timer. */
  start(): void {
    this.refresh();
  }

  stop(): void {
    if (this.#timer !== undefined) this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  /** Whether an item (its key) is in maintenance now, by its own window or a server-wide one. */
  covers(itemKey: string): boolean {
    return coversItem(this.#current(), itemKey);
  }

  /** Whether the window covers something now. */
  isActive(id: string): boolean {
    return this.#current().windowIds.has(id);
  }

  /** A window was saved, ended or deleted. */
  put(record: MaintenanceRecord): void {
    this.#windows.set(record.id, { record, state: undefined });
    this.refresh();
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) this.#windows.delete(id);
    this.refresh();
  }

  /** A deleted item's history goes with it, so nothing more is recorded about it. */
  forgetScope(scope: Scope): void {
    this.#recorded.delete(scope);
  }

  /** Works out what is covered now, records each scope that went in or out, and waits for the next change. */
  refresh(): void {
    const { clock, logger, recorder, onChanged, nameOf } = this.#options;
    if (this.#timer !== undefined) clock.clearTimer(this.#timer);
    const now = clock.now();
    const record = (scope: Scope, on: boolean, detail: string) =>
      recorder.recordMaintenance({ at: now, scope, itemName: scope === '' ? undefined : nameOf(scope), on, detail });
    // Windows on the same schedule (a weekly window per item, say) change together: worked out once.
    const sameSchedule = new Map<string, WindowState>();
    const states = [...this.#windows.values()].map((window) => {
      if (!stateHolds(window.state, now)) {
        const { startsAt, endsAt, endedAt, repeat } = window.record;
        const key = JSON.stringify([startsAt, endsAt, endedAt, repeat]);
        window.state = sameSchedule.get(key) ?? windowStateAt(window.record, now);
        sameSchedule.set(key, window.state);
      }
      return { record: window.record, state: window.state };
    });
    const active = activeWindows(states, now);
    this.#active = active;
    for (const [scope, detail] of this.#recorded) {
      if (active.scopes.has(scope)) continue;
      this.#recorded.delete(scope);
      record(scope, false, detail);
    }
    for (const [scope, reason] of active.scopes) {
      if (this.#recorded.has(scope)) continue;
      const detail = reason ?? defaultDetail;
      this.#recorded.set(scope, detail);
      record(scope, true, detail);
    }
    try {
      onChanged();
    } catch (error) {
      logger.error('Could not tell the alerts held for maintenance', { error: String(error) });
    }
    this.#timer = clock.setTimer(() => this.refresh(), Math.min(Math.max(0, active.until - now), maxTimerDelayMs));
  }

  #current(): ActiveWindows {
    const now = this.#options.clock.now();
    const active = this.#active;
    // Normally the timer has moved it on already; a clock read between the boundary and the timer sees it too.
    if (active !== undefined && now >= active.at && now < active.until) return active;
    this.refresh();
    return this.#active ?? activeWindows([], now);
  }
}
