// The core's other events: "open this item" (a notification or tray click opens the item's page) and, in a
// browser tab, the alerts themselves, shown as the page's own notices when the browser's notifications are not
// allowed.
import { vigil } from '../api/vigil-api.ts';
import { showAlert } from '../transport/show-alert.ts';
import { useNavigation } from './navigation-store.ts';
import { useNotices } from './notices-store.ts';

export function followNavigationRequests(): () => void {
  return vigil().onOpenItem(({ itemKey }) => useNavigation.getState().openItemPage(itemKey));
}

export function followPageAlerts(): () => void {
  return vigil().onAlert((alert) =>
    showAlert(alert, {
      inPage: () => useNotices.getState().show(alert.severity === 'critical' ? 'error' : 'info', `${alert.title}: ${alert.body}`),
      onClick: () => alert.itemKey !== undefined && useNavigation.getState().openItemPage(alert.itemKey),
    }),
  );
}
