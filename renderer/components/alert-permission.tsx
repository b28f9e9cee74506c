// In a browser tab, alerts show in the page until the user lets the browser show them as notifications; the
// browser asks only in answer to a click, so this button asks. The app window's alerts are native already.
import { useState } from 'react';
import { hasDesktopBridge } from '../transport/desktop-bridge.ts';
import { requestAlertPermission } from '../transport/show-alert.ts';

export function AlertPermission() {
  const [permission, setPermission] = useState(() => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission));
  if (hasDesktopBridge() || permission !== 'default') return null;
  return (
    <button type="button" className="button button-small sidebar-action" title="Show alerts as desktop notifications while this tab is open" onClick={() => void requestAlertPermission().then(setPermission)}>
      Allow notifications
    </button>
  );
}
