// Between the service's alerts and its notification handlers: an alert for an item in maintenance is held, not
// sent. When no window covers the item any more, what is owed is decided as Vigil's notifications decide it
// (common/maintenance/maintenance-release.ts: a monitor still down is told "still down after maintenance", whether or
// not it was down before the window; anything else once if it stands as the alert held said and that differs from
// what the handlers were last told). Held alerts are saved as they happen, so a restart during maintenance tells
// nothing twice and forgets nothing owed.
import { owedAtRelease } from '../../common/maintenance/maintenance-release.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';
import type { Logger } from '../logger.ts';
import type { HeldAlert, HeldAlertStore } from '../storage/held-alert-store.ts';
import { coveredItemOf, itemKeyOf, stateAfter, ToldProblems } from './held-alert-states.ts';

export interface AlertGateOptions {
  store: HeldAlertStore;
  logger: Logger;
  /** Whether a window covers the item (its key) now. */
  covers(itemKey: string): boolean;
  /** The item's state now, in the terms of held-alert-states.ts; undefined once it is deleted. */
  currentState(itemKey: string): string | undefined;
  /** The monitors down now (their keys): those a window covers are owed "still down" when it ends. */
  downItems(): Iterable<string>;
  /** The alert telling that a monitor is still down as maintenance ends; undefined when it is not down. */
  stillDown(itemKey: string): AlertEvent | undefined;
  send(alert: AlertEvent): void;
  /**
   * Items with a problem out at the start, as `[itemKey, state]` (heartbeats late or failed): outside maintenance
   * every change is told, so that is what the handlers were last told of them.
   */
  problemsAtStart?: Iterable<readonly [string, string]>;
}

export class AlertGate {
  readonly #options: AlertGateOptions;
  readonly #held = new Map<string, HeldAlert>();
  /** What the handlers were last told of an item whose alerts do not say the state before them. */
  readonly #toldProblems = new ToldProblems();

  constructor(options: AlertGateOptions) {
    this.#options = options;
    for (const held of options.store.all()) this.#held.set(held.item, held);
    for (const [item, state] of options.problemsAtStart ?? []) this.#toldProblems.remember(item, state);
  }

  /** Sends the alert, or holds it while its item is in maintenance. */
  offer(alert: AlertEvent): void {
    const item = itemKeyOf(alert);
    if (!this.#options.covers(coveredItemOf(item))) {
      // Whatever was held is settled first, so the handlers hear things in the order they happened.
      this.#release(item);
      this.#tell(item, alert);
      return;
    }
    const held: HeldAlert = { item, toldState: this.#held.get(item)?.toldState ?? this.#toldProblems.stateBefore(item, alert), lastAlert: alert };
    this.#held.set(item, held);
    this.#saving(() => this.#options.store.save(held));
    this.#options.logger.info(`Held for maintenance: ${alert.message}`, { event: alert.event });
  }

  /**
   * Called whenever coverage changes: a monitor down as a window begins to cover it is owed its end (held, so a
   * restart keeps it), and what is owed for every item no window covers any more is told.
   */
  coverageChanged(): void {
    for (const item of this.#options.downItems()) {
      if (this.#held.has(item) || !this.#options.covers(item)) continue;
      const alert = this.#options.stillDown(item);
      if (alert === undefined) continue;
      // Down before the window: outside maintenance every change is told, so that is what the handlers know.
      const held: HeldAlert = { item, toldState: 'down', lastAlert: alert };
      this.#held.set(item, held);
      this.#saving(() => this.#options.store.save(held));
    }
    for (const item of [...this.#held.keys()]) if (!this.#options.covers(coveredItemOf(item))) this.#release(item);
  }

  /** The item was deleted: nothing is owed for it. */
  forget(itemKey: string): void {
    this.#toldProblems.forget(itemKey);
    if (this.#held.delete(itemKey)) this.#saving(() => this.#options.store.delete(itemKey));
  }

  /** Alerts never wait on the disk: when it fails, what is held stays right in memory until the next start. */
  #saving(write: () => void): void {
    try {
      write();
    } catch (error) {
      this.#options.logger.error('Could not save the alerts held for maintenance; a restart may repeat or lose one', { error: String(error) });
    }
  }

  #release(item: string): void {
    const held = this.#held.get(item);
    if (held === undefined) return;
    // Forgotten before it is sent: a handler that fails must not make it repeat.
    this.#held.delete(item);
    this.#saving(() => this.#options.store.delete(item));
    const now = this.#options.currentState(item);
    const stillDown = now === 'down' ? this.#options.stillDown(item) : undefined;
    const owed = owedAtRelease({ told: held.toldState, says: stateAfter(held.lastAlert) }, { state: now, monitorDown: stillDown !== undefined });
    if (owed === 'still-down' && stillDown !== undefined) this.#tell(item, stillDown);
    else if (owed === 'held-news') this.#tell(item, held.lastAlert);
    else this.#toldProblems.remember(item, held.toldState);
  }

  #tell(item: string, alert: AlertEvent): void {
    this.#toldProblems.remember(item, stateAfter(alert));
    this.#options.send(alert);
  }

}
