// The maintenance windows the API works on (docs/api-decisions.md §15): create, end, delete, list, and the items'
// own deletions, each saved first and then followed by the schedule. Bounded: at most MAINTENANCE_LIMITS.windows,
// the windows over longest making room first; windows over for longer than the events are kept are dropped.
import { MAINTENANCE_LIMITS, type MaintenanceRepeat } from '../../common/maintenance/maintenance.ts';
import type { Clock } from '../../common/clock.ts';
import { ApiError, validationFailed } from '../http/api-error.ts';
import { newId } from '../ids.ts';
import { isMaintenanceOver, type MaintenanceRecord, type MaintenanceStore } from './maintenance-store.ts';
import type { MaintenanceItems } from './maintenance-items.ts';
import type { MaintenanceSchedule } from './maintenance-schedule.ts';

/** `POST /maintenance` as checked by `maintenanceCreateSchema`. */
export interface MaintenanceRequest {
  item?: string | undefined;
  startsAt?: number | undefined;
  endsAt?: number | null | undefined;
  repeat?: MaintenanceRepeat | undefined;
  reason?: string | undefined;
}

export interface MaintenanceWindowsOptions {
  store: MaintenanceStore;
  schedule: MaintenanceSchedule;
  items: MaintenanceItems;
  clock: Clock;
  /** How long windows are kept once over: as long as the events that record them. */
  keepOverMs: number;
}

export class MaintenanceWindows {
  readonly #options: MaintenanceWindowsOptions;

  constructor(options: MaintenanceWindowsOptions) {
    this.#options = options;
  }

  /** Active and upcoming windows (and, with `includeOver`, those over but still kept), oldest start first. */
  list(includeOver: boolean): MaintenanceRecord[] {
    const now = this.#options.clock.now();
    this.#prune(now);
    const all = this.#options.store.all();
    return includeOver ? all : all.filter((record) => !isMaintenanceOver(record, now));
  }

  get(id: string): MaintenanceRecord | undefined {
    return this.#options.store.get(id);
  }

  /**
   * A start in the past is taken as now: maintenance never rewrites what the history already recorded. An end
   * must still be ahead, or the window would cover nothing.
   */
  create(request: MaintenanceRequest): MaintenanceRecord {
    const { store, schedule, items, clock } = this.#options;
    const now = clock.now();
    if (request.item !== undefined && items.nameOf(request.item) === undefined) {
      throw validationFailed([{ field: 'item', message: 'names no monitor, heartbeat or domain of this service' }]);
    }
    const endsAt = request.endsAt ?? undefined;
    if (endsAt !== undefined && endsAt <= now) throw validationFailed([{ field: 'ends_at', message: 'must be in the future' }]);
    this.#makeRoom(now);
    const record = store.create({
      id: newId('maintenance'),
      item: request.item,
      startsAt: Math.max(now, request.startsAt ?? now),
      endsAt,
      repeat: request.repeat,
      reason: request.reason === '' ? undefined : request.reason,
      createdAt: now,
    });
    schedule.put(record);
    return record;
  }

  /** Ends it now: a weekly window has no further occurrences, an upcoming one never begins. Over already: unchanged. */
  end(id: string): MaintenanceRecord | undefined {
    const { store, schedule, clock } = this.#options;
    const record = store.get(id);
    if (record === undefined || isMaintenanceOver(record, clock.now())) return record;
    const ended = store.end(id, clock.now());
    if (ended !== undefined) schedule.put(ended);
    return ended;
  }

  /** A mistake undone. What the window already covered stays in the history. */
  delete(id: string): MaintenanceRecord | undefined {
    const record = this.#options.store.delete(id);
    if (record !== undefined) this.#options.schedule.remove([record.id]);
    return record;
  }

  /** An item was deleted: its windows go with it. */
  forgetItem(itemKey: string): void {
    const removed = this.#options.store.deleteForItem(itemKey);
    if (removed.length > 0) this.#options.schedule.remove(removed.map((record) => record.id));
  }

  #prune(now: number): void {
    const dropped = this.#options.store.pruneOverBefore(now - this.#options.keepOverMs);
    if (dropped.length > 0) this.#options.schedule.remove(dropped);
  }

  #makeRoom(now: number): void {
    const { store, schedule } = this.#options;
    this.#prune(now);
    if (store.count() < MAINTENANCE_LIMITS.windows) return;
    const dropped = store.dropOldestOver(now);
    if (dropped !== undefined) return schedule.remove([dropped]);
    throw new ApiError(409, 'quota_exceeded', `This service holds at most ${MAINTENANCE_LIMITS.windows} maintenance windows that are not over; end or delete some first.`);
  }
}
