// The core's other events: "open this item" (a notification or tray click opens the item's page), "open this
// server's settings" (a tray click on "Can't reach Work"), and, in a browser tab, the alerts themselves, shown as the
// page's own notices when the browser's notifications are not allowed.
import type { AlertView, StatusView } from '../../common/ipc/views.ts';
import { vigil } from '../api/vigil-api.ts';
import { showAlert } from '../transport/show-alert.ts';
import { connectionFocusKey, useNavigation } from './navigation-store.ts';
import { useNotices, type Notice, type NoticeTone } from './notices-store.ts';
import { useStatus } from './status-store.ts';

export function followNavigationRequests(): () => void {
  const stopItems = vigil().onOpenItem(({ itemKey }) => useNavigation.getState().openItemPage(itemKey));
  const stopSettings = vigil().onOpenSettings(({ connectionId }) => useNavigation.getState().go('settings', connectionFocusKey(connectionId)));
  return () => {
    stopItems();
    stopSettings();
  };
}

const toneOf: Record<AlertView['severity'], NoticeTone> = { critical: 'error', warning: 'warning', info: 'info' };

/** What an alert is about: its item, else its server; a summary across servers is about nothing in particular. */
export function alertSubject(alert: Pick<AlertView, 'itemKey' | 'connectionId'>): string | undefined {
  return alert.itemKey ?? (alert.connectionId === undefined ? undefined : `server:${alert.connectionId}`);
}

/**
 * A critical notice about an item ("API is down") no longer holds once the item is no longer critical, or gone
 * (pure). Warnings stay: an item can be fine while its certificate still expires soon.
 */
export function noLongerHolds(notice: Notice, status: StatusView): boolean {
  if (notice.tone !== 'error' || notice.subject === undefined || notice.subject.startsWith('server:')) return false;
  const item = status.items.find((each) => each.key === notice.subject);
  return item === undefined || item.health !== 'critical';
}

/** In a browser tab, alerts the browser may not show become the page's notices, each gone once it no longer holds. */
export function followPageAlerts(): () => void {
  const stopAlerts = vigil().onAlert((alert) =>
    showAlert(alert, {
      inPage: () => {
        const subject = alertSubject(alert);
        useNotices.getState().show(toneOf[alert.severity], `${alert.title}: ${alert.body}`, subject === undefined ? {} : { subject });
      },
      onClick: () => alert.itemKey !== undefined && useNavigation.getState().openItemPage(alert.itemKey),
    }),
  );
  // "Flaky site is down" goes when the status says it is up again, even when the recovery itself is not told.
  const stopStatus = useStatus.subscribe(({ status }) => {
    if (status !== undefined) useNotices.getState().dismissWhere((notice) => noLongerHolds(notice, status));
  });
  return () => {
    stopAlerts();
    stopStatus();
  };
}
