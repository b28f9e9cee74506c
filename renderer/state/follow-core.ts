// The core's other events: "open this item" (a notification or tray click opens the item's page), "open this
// server's settings" (a tray click on "Can't reach Work"), and, in a browser tab, the alerts themselves, shown as the
// page's own notices when the browser's notifications are not allowed.
import { vigil } from '../api/vigil-api.ts';
import { showAlert } from '../transport/show-alert.ts';
import { connectionFocusKey, useNavigation } from './navigation-store.ts';
import { useNotices } from './notices-store.ts';

export function followNavigationRequests(): () => void {
  const stopItems = vigil().onOpenItem(({ itemKey }) => useNavigation.getState().openItemPage(itemKey));
  const stopSettings = vigil().onOpenSettings(({ connectionId }) => useNavigation.getState().go('settings', connectionFocusKey(connectionId)));
  return () => {
    stopItems();
    stopSettings();
  };
}

export function followPageAlerts(): () => void {
  return vigil().onAlert((alert) =>
    showAlert(alert, {
      inPage: () => useNotices.getState().show(alert.severity === 'critical' ? 'error' : 'info', `${alert.title}: ${alert.body}`),
      onClick: () => alert.itemKey !== undefined && useNavigation.getState().openItemPage(alert.itemKey),
    }),
  );
}
