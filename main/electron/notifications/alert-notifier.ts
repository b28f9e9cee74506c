// The core's alerts as native notifications. A sound only for the levels the user wants one for; showing one never
// focuses a window; clicking one opens the window, on the alert's item on its server (its server item key). Where
// the platform shows buttons (Windows toasts, signed macOS builds), an item's alert offers "Snooze 1 h" and "Open",
// and a problem's "I'm on it" before them.
// When the OS refuses (an unsigned macOS build emits `failed`), the failure is logged and the tray still shows the state.
import type { AlertView } from '../../../common/ipc/views.ts';
import { isTroubleKind } from '../../core/alerts/alert.ts';
import type { Logger } from '../../../common/logger.ts';

export interface NotificationButton {
  type: 'button';
  text: string;
}

export interface NotificationOptions {
  title: string;
  body: string;
  silent: boolean;
  urgency: 'normal' | 'critical' | 'low';
  timeoutType: 'default';
  actions?: NotificationButton[];
}

export interface NotificationHandle {
  show(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  /** A button was pressed: Electron passes `{ actionIndex }` first (and, deprecated, the index itself second). */
  on(event: 'action', listener: (details: { actionIndex?: number } | undefined, actionIndex?: number) => void): unknown;
}

export type SoundLevel = AlertView['severity'];

export interface AlertNotifierOptions {
  createNotification(options: NotificationOptions): NotificationHandle;
  isSupported(): boolean;
  /** Whether alerts of this level play a sound (settings: soundCritical, soundWarning, soundInfo). */
  soundFor(level: SoundLevel): boolean;
  /** Summaries (several changes at once, and what was already wrong at start) arrive without sound, at low urgency. */
  quietSummaries(): boolean;
  /** Whether this platform shows notification buttons (Windows; macOS when signed). */
  supportsActions: boolean;
  /** Shows the window, on the item (a server item key) when one is given. */
  openWindow(itemKey?: string): void;
  /** "Snooze 1 h" on an item's notification. */
  snoozeItem(itemKey: string): void;
  /** "I'm on it" on a problem's notification. */
  acknowledgeItem(itemKey: string): void;
  logger: Logger;
}

const buttons = {
  acknowledge: { type: 'button', text: 'I’m on it' },
  snooze: { type: 'button', text: 'Snooze 1 h' },
  open: { type: 'button', text: 'Open' },
} as const satisfies Record<string, NotificationButton>;

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
    const quiet = alert.kind.endsWith('summary') && this.#options.quietSummaries();
    const itemKey = alert.itemKey;
    // A problem can be acknowledged from its notification; a recovery or an expiry only snoozed or opened.
    const offered = isTroubleKind(alert.kind) ? [buttons.acknowledge, buttons.snooze, buttons.open] : [buttons.snooze, buttons.open];
    const actions = this.#options.supportsActions && itemKey !== undefined ? offered : undefined;
    const notification = this.#options.createNotification({
      title: alert.title,
      body: alert.body,
      silent: quiet || !this.#options.soundFor(alert.severity),
      urgency: quiet ? 'low' : alert.severity === 'critical' ? 'critical' : 'normal',
      timeoutType: 'default',
      ...(actions === undefined ? {} : { actions }),
    });
    const forget = () => this.#onScreen.delete(notification);
    notification.on('click', () => {
      forget();
      this.#options.openWindow(itemKey);
    });
    if (actions !== undefined && itemKey !== undefined) {
      notification.on('action', (details, index) => {
        forget();
        const pressed = actions[details?.actionIndex ?? index ?? -1];
        if (pressed === buttons.acknowledge) this.#options.acknowledgeItem(itemKey);
        else if (pressed === buttons.snooze) this.#options.snoozeItem(itemKey);
        else this.#options.openWindow(itemKey);
      });
    }
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
