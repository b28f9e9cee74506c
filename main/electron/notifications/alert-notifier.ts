// The core's alerts as native notifications. Silent unless the user turned sound on; showing one never focuses
// a window; clicking one opens the window, on the alert's item on its server (its server item key). When
// the OS refuses (an unsigned macOS build emits `failed`), the failure is logged and the tray still shows the state.
import type { AlertView } from '../../../common/ipc/views.ts';
import type { Logger } from '../../../common/logger.ts';

export interface NotificationOptions {
  title: string;
  body: string;
  silent: boolean;
  urgency: 'normal' | 'critical' | 'low';
  timeoutType: 'default';
}

export interface NotificationHandle {
  show(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
}

export interface AlertNotifierOptions {
  createNotification(options: NotificationOptions): NotificationHandle;
  isSupported(): boolean;
  soundEnabled(): boolean;
  /** Summaries (several changes at once, and what was already wrong at start) arrive without sound, at low urgency. */
  quietSummaries(): boolean;
  /** Shows the window, on the item (a server item key) when one is given. */
  openWindow(itemKey?: string): void;
  logger: Logger;
}

/** Notifications are kept referenced while on screen: a collected one no longer reports its click. */
const maxTracked = 50;

export class AlertNotifier {
  readonly #options: AlertNotifierOptions;
  readonly #onScreen = new Set<NotificationHandle>();

  constructor(options: AlertNotifierOptions) {
    this.#options = options;
  }

  show(alert: AlertView): void {
    const { logger } = this.#options;
    if (!this.#options.isSupported()) {
      logger.warn('Notifications are not supported here; the tray shows the state.', { alert: alert.kind });
      return;
    }
    const quiet = alert.kind === 'summary' && this.#options.quietSummaries();
    const notification = this.#options.createNotification({
      title: alert.title,
      body: alert.body,
      silent: quiet || !this.#options.soundEnabled(),
      urgency: quiet ? 'low' : alert.severity === 'critical' ? 'critical' : 'normal',
      timeoutType: 'default',
    });
    const forget = () => this.#onScreen.delete(notification);
    notification.on('click', () => {
      forget();
      this.#options.openWindow(alert.itemKey);
    });
    notification.on('close', forget);
    notification.on('failed', (_event, error) => {
      forget();
      logger.warn('The system did not show a notification; the tray still shows the state.', { alert: alert.kind, error });
    });
    if (this.#onScreen.size >= maxTracked) {
      const oldest = this.#onScreen.values().next();
      if (!oldest.done) this.#onScreen.delete(oldest.value);
    }
    this.#onScreen.add(notification);
    notification.show();
  }

  /** Subscribes to the core's alerts; returns the unsubscribe function. */
  listen(core: { on(event: 'onAlert', listener: (alert: AlertView) => void): () => void }): () => void {
    return core.on('onAlert', (alert) => this.show(alert));
  }
}
