// Between the service's alerts and the maintenance gate: while a parent is down (a monitor) or late or failed (a
// heartbeat), a child's own down, late or failed alert is folded under it rather than sent — the parent's alert
// already told the person where to look. The folded alert is settled when the parent recovers (or stops being the
// child's parent, or is deleted): a child still in the state it was folded in is told then, once, with its original
// alert; a child that recovered with its parent, or before it, is told nothing, since its handlers never heard it
// went down. A domain parent folds nothing: its alerts say it is expiring, not that its dependents are cut off.
// Folded alerts are saved as they happen, so a restart while a parent is down tells nothing twice and forgets
// nothing owed.
import { heldNewsStands } from '../../common/maintenance/maintenance-release.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';
import type { Logger } from '../logger.ts';
import { itemKeyOf, stateAfter, ToldProblems } from '../maintenance/held-alert-states.ts';
import type { MaintenanceItems } from '../maintenance/maintenance-items.ts';
import type { DependencyStore, FoldedAlert } from '../storage/dependency-store.ts';
import type { ItemDependencies } from './item-dependencies.ts';

/** The states, in held-alert-states.ts's terms, in which an item cuts off what depends on it. */
const cutOff = new Set(['down', 'late', 'failed']);

export interface DependencyFoldOptions {
  store: DependencyStore;
  dependencies: ItemDependencies;
  items: MaintenanceItems;
  logger: Logger;
  /** Passes an alert on (to the maintenance gate). */
  send(alert: AlertEvent): void;
}

export class DependencyFold {
  readonly #options: DependencyFoldOptions;
  readonly #folded = new Map<string, FoldedAlert>();
  /** The problem a heartbeat's handlers were last told of, which its failed and recovered alerts do not say. */
  readonly #toldProblems = new ToldProblems();

  constructor(options: DependencyFoldOptions) {
    this.#options = options;
    for (const folded of options.store.folded()) this.#folded.set(folded.item, folded);
    for (const [item, state] of options.items.heartbeatProblems()) if (!this.#folded.has(item)) this.#toldProblems.remember(item, state);
  }

  /** Sends the alert on, or folds it under its parent while that parent is down. */
  offer(alert: AlertEvent): void {
    const item = itemKeyOf(alert);
    const after = stateAfter(alert);
    const folded = this.#folded.get(item);
    const parent = this.#options.dependencies.parentOf(item);
    if (cutOff.has(after) && parent !== undefined && this.#isCutOff(parent)) {
      this.#fold({ item, parent, toldState: folded?.toldState ?? this.#toldProblems.stateBefore(item, alert), lastAlert: alert });
      return;
    }
    if (folded !== undefined) {
      this.#drop(item);
      // Recovered while folded: its handlers were never told it went down, so they hear nothing now either.
      if (!heldNewsStands({ told: folded.toldState, says: after }, after)) {
        this.#options.logger.info(`Not sent, recovered with what it depends on: ${alert.message}`, { event: alert.event });
        return;
      }
    }
    this.#pass(item, alert);
    // A parent's recovery comes first, then the children it leaves still down.
    this.settle();
  }

  /** Tells what is owed for every child whose parent no longer cuts it off (called whenever a dependency changes). */
  settle(): void {
    for (const folded of [...this.#folded.values()]) {
      if (this.#options.dependencies.parentOf(folded.item) === folded.parent && this.#isCutOff(folded.parent)) continue;
      this.#drop(folded.item);
      const now = this.#options.items.stateOf(folded.item);
      // Told as maintenance tells what it held (common/maintenance/maintenance-release.ts): once, as it stands.
      if (heldNewsStands({ told: folded.toldState, says: stateAfter(folded.lastAlert) }, now)) this.#pass(folded.item, folded.lastAlert);
    }
  }

  /** The item was deleted: nothing is owed for it. */
  forget(item: string): void {
    this.#toldProblems.forget(item);
    this.#drop(item);
  }

  #isCutOff(item: string): boolean {
    return cutOff.has(this.#options.items.stateOf(item) ?? 'up');
  }

  #fold(folded: FoldedAlert): void {
    this.#folded.set(folded.item, folded);
    this.#saving(() => this.#options.store.saveFolded(folded));
    const parentName = this.#options.items.nameOf(folded.parent) ?? folded.parent;
    this.#options.logger.info(`Folded under “${parentName}”, which is down: ${folded.lastAlert.message}`, { event: folded.lastAlert.event });
  }

  #drop(item: string): void {
    if (this.#folded.delete(item)) this.#saving(() => this.#options.store.deleteFolded(item));
  }

  #pass(item: string, alert: AlertEvent): void {
    this.#toldProblems.remember(item, stateAfter(alert));
    this.#options.send(alert);
  }


  /** Alerts never wait on the disk: when it fails, what is folded stays right in memory until the next start. */
  #saving(write: () => void): void {
    try {
      write();
    } catch (error) {
      this.#options.logger.error('Could not save the alerts folded under a parent that is down; a restart may repeat or lose one', { error: String(error) });
    }
  }
}
