// Alerts in browser mode: a Web Notification where the user allowed them, else the page shows the alert itself
// (the `inPage` callback the UI passes). In the Electron window alerts are native notifications from main.
import type { AlertView } from '../../common/ipc/views.ts';

export type AlertShownAs = 'notification' | 'in-page';

export interface ShowAlertOptions {
  /** Shows the alert inside the page; used when notifications are not permitted or fail. */
  inPage(alert: AlertView): void;
  /** A click on the notification (the window is focused first). */
  onClick?(alert: AlertView): void;
}

export function showAlert(alert: AlertView, options: ShowAlertOptions): AlertShownAs {
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try {
      const notification = new Notification(alert.title, { body: alert.body, tag: alert.id, silent: true });
      notification.onclick = () => {
        window.focus();
        options.onClick?.(alert);
      };
      return 'notification';
    } catch {
      // Some browsers only allow notifications from a service worker; the page shows it instead.
    }
  }
  options.inPage(alert);
  return 'in-page';
}

/** Asks for notification permission; browsers only ask in answer to a click, so the UI calls this from one. */
export async function requestAlertPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}
