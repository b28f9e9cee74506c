// The window: navigation on the left, the banners and the chosen view (or an item's page) on the right, notices
// at its foot. In a browser tab whose connection to Vigil is lost, a banner says so and the data is dimmed.
import type { ReactElement } from 'react';
import { connectionsCount } from '../common/ipc/connection-kinds.ts';
import type { Level, ServerStatusView } from '../common/ipc/views.ts';
import { AlertPermission } from './components/alert-permission.tsx';
import { Banners } from './components/banners.tsx';
import { ConnectionLost } from './components/connection-lost.tsx';
import { Notices } from './components/notices.tsx';
import { UnsavedChangesPrompt } from './components/unsaved-changes-prompt.tsx';
import { isDisconnected, useConnection } from './state/connection-store.ts';
import { useNavigation, VIEWS, type ViewId } from './state/navigation-store.ts';
import { useStatus } from './state/status-store.ts';
import { DomainsView } from './views/domains/domains-view.tsx';
import { HandlersView } from './views/handlers/handlers-view.tsx';
import { HeartbeatsView } from './views/heartbeats/heartbeats-view.tsx';
import { ItemPage } from './views/item/item-page.tsx';
import { MonitorsView } from './views/monitors/monitors-view.tsx';
import { OverviewView } from './views/overview/overview-view.tsx';
import { SettingsView } from './views/settings/settings-view.tsx';
import { SourcesView } from './views/sources/sources-view.tsx';

const views: Record<ViewId, () => ReactElement> = {
  overview: OverviewView,
  monitors: MonitorsView,
  heartbeats: HeartbeatsView,
  domains: DomainsView,
  sources: SourcesView,
  handlers: HandlersView,
  settings: SettingsView,
};

const levelNames: Record<Level, string> = {
  ok: 'All up',
  warning: 'Needs a look',
  critical: 'Down',
  unknown: 'Unknown',
  offline: 'Offline',
  paused: 'Paused',
};

/** "This computer" for one connection, "3 servers" or "1 server and 2 sources" for more. */
function watchedLabel(servers: readonly ServerStatusView[]): string {
  if (servers.length === 0) return 'No server';
  return servers.length === 1 ? (servers[0]?.connection.name ?? '') : connectionsCount(servers.map((server) => server.connection.sourceKind));
}

export function App() {
  const view = useNavigation((state) => state.view);
  const itemKey = useNavigation((state) => state.itemKey);
  const go = useNavigation((state) => state.go);
  const level = useStatus((state) => state.status?.level);
  // A string: the sidebar draws again only when what it says changes, not after every poll.
  const watched = useStatus((state) => watchedLabel(state.status?.servers ?? []));
  const disconnected = useConnection((state) => isDisconnected(state.link));
  const View = views[view];
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Views">
        <div className="brand">
          <span className={`level-dot level-${disconnected ? 'unknown' : (level ?? 'unknown')}`} aria-hidden="true" />
          <span className="brand-name">Vigil</span>
        </div>
        <p className="sidebar-status">
          {watched}: {disconnected ? 'not connected' : level === undefined ? 'connecting' : levelNames[level]}
        </p>
        <ul>
          {VIEWS.map((entry) => (
            <li key={entry.id}>
              <a
                href={`#/${entry.id}`}
                // On an item's page, its list is where the user is, not the page itself.
                aria-current={entry.id !== view ? undefined : itemKey === undefined ? 'page' : 'true'}
                onClick={(event) => {
                  event.preventDefault();
                  go(entry.id);
                }}
              >
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
        <AlertPermission />
      </nav>
      <main id="main" className={disconnected ? 'main main-disconnected' : 'main'} tabIndex={-1}>
        <ConnectionLost />
        <Banners />
        {itemKey === undefined ? <View /> : <ItemPage key={itemKey} itemKey={itemKey} />}
        <Notices />
      </main>
      <UnsavedChangesPrompt />
    </div>
  );
}
