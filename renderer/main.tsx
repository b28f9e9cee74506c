// Starts the window: connects to the app's core, keeps the status and lists current, and renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setVigilApi } from './api/vigil-api.ts';
import { App } from './app.tsx';
import { followConnection } from './state/connection-store.ts';
import { guardTypedInput } from './state/drafts-store.ts';
import { followNavigationRequests, followPageAlerts } from './state/follow-core.ts';
import { prefetchListHistory } from './state/list-history-store.ts';
import { followHash } from './state/navigation-store.ts';
import { startClock } from './state/now-store.ts';
import { guardPendingWrites } from './state/pending-writes.ts';
import { followStatusLists } from './state/resources.ts';
import { followStatus } from './state/status-store.ts';
import { guardUnsavedChanges } from './state/unsaved-changes.ts';
import { connectVigilApi, contractLink } from './transport/connect-vigil-api.ts';
import { hasDesktopBridge } from './transport/desktop-bridge.ts';
import { prepareMonitorListWhenIdle } from './views/monitors/monitor-list-source.ts';
// uPlot's own layout of its canvas, axes and cursor (the response-time chart), then the window's styles.
import 'uplot/dist/uPlot.min.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

setVigilApi(connectVigilApi());
startClock();
followStatusLists();
followStatus();
followHash();
followNavigationRequests();
// The monitors list (up to 10,000 rows) with its 24-hour bars is ready before it is opened.
prefetchListHistory();
prepareMonitorListWhenIdle();
// Nothing typed is lost when the page goes: while a change awaits its answer or a form holds unsaved edits, its
// unload is cancelled — a browser tab asks first; the app window, otherwise released when closed, only hides
// (main/electron/app/main-window.ts), and there any typed input held (a form's draft, which outlives its dialog, or
// a token being typed) holds it too.
guardPendingWrites(window);
guardUnsavedChanges(window);
// In the app window alerts are native notifications, and the bridge cannot lose its connection.
if (hasDesktopBridge()) {
  guardTypedInput(window);
} else {
  followPageAlerts();
  const link = contractLink();
  if (link !== undefined) followConnection(link);
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
