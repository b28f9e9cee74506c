// Starts the window: connects to the app's core, keeps the status and lists current, and renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setVigilApi } from './api/vigil-api.ts';
import { App } from './app.tsx';
import { followNavigationRequests, followPageAlerts } from './state/follow-core.ts';
import { followHash } from './state/navigation-store.ts';
import { startClock } from './state/now-store.ts';
import { guardPendingWrites } from './state/pending-writes.ts';
import { followStatusLists } from './state/resources.ts';
import { followStatus } from './state/status-store.ts';
import { connectVigilApi } from './transport/connect-vigil-api.ts';
import { hasDesktopBridge } from './transport/desktop-bridge.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

setVigilApi(connectVigilApi());
startClock();
followStatusLists();
followStatus();
followHash();
followNavigationRequests();
// In the app window alerts are native notifications, and closing only hides the window: nothing to guard.
if (!hasDesktopBridge()) {
  followPageAlerts();
  guardPendingWrites(window);
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
