// Between the sessions and the core's `onAlert`: with more than one server watched, alerts wait a moment (the
// settle window) so that a burst across servers — the network back, a shared dependency down — arrives as one
// summary (alerts/cross-server-alerts.ts). With one server they go out at once, as its session's policy made them.
import type { Clock, TimerHandle } from '../../../common/clock.ts';
import type { AlertView } from '../../../common/ipc/views.ts';
import { alertView, crossServerAlerts, type Alert, type ServerAlert } from '../alerts/index.ts';

/** Long enough for the servers' polls of one round to land, short enough to feel immediate. */
export const settleWindowMs = 1_500;

export interface AlertSettlingOptions {
  clock: Clock;
  /** Enabled connections now. */
  serverCount(): number;
  burstLimit(): number;
  emit(alert: AlertView): void;
}

export class AlertSettling {
  readonly #options: AlertSettlingOptions;
  #pending: ServerAlert[] = [];
  #timer: TimerHandle | undefined;

  constructor(options: AlertSettlingOptions) {
    this.#options = options;
  }

  push(alert: Alert, serverName: string): void {
    const entry = { alert, serverName };
    if (this.#options.serverCount() <= 1 && this.#pending.length === 0) return this.#options.emit(alertView(entry, false));
    this.#pending.push(entry);
    this.#timer ??= this.#options.clock.setTimer(() => this.flush(), settleWindowMs);
  }

  /** A removed connection's alerts still waiting are dropped: its news goes with it. */
  forget(connectionId: string): void {
    this.#pending = this.#pending.filter(({ alert }) => alert.connectionId !== connectionId);
  }

  /** Tells what is pending now (the window has passed, or the core stops). */
  flush(): void {
    if (this.#timer !== undefined) this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    const { clock, serverCount, burstLimit, emit } = this.#options;
    for (const view of crossServerAlerts(batch, { serverCount: serverCount(), burstLimit: burstLimit(), now: clock.now() })) emit(view);
  }
}
