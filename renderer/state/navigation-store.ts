// Which view the window shows, kept in the address's #fragment so a reload (or browser back) returns to it, and
// the item to bring into view when a notification or the tray asks for one.
import { create } from 'zustand';
import { useListPreferences } from './list-preferences.ts';

export const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'monitors', label: 'Monitors' },
  { id: 'heartbeats', label: 'Heartbeats' },
  { id: 'domains', label: 'Domains' },
  { id: 'handlers', label: 'Notification handlers' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

interface NavigationState {
  view: ViewId;
  /** The item key to scroll to and highlight (from a notification, the tray or the overview). */
  focusKey: string | undefined;
  go(view: ViewId, focusKey?: string): void;
  /** Opens the view that lists the item (`monitor:12` → monitors). */
  openItem(itemKey: string): void;
}

function viewFromHash(hash: string): ViewId {
  const id = hash.replace(/^#\/?/, '');
  return VIEWS.find((view) => view.id === id)?.id ?? 'overview';
}

const viewOfKind: Record<string, ViewId> = { monitor: 'monitors', heartbeat: 'heartbeats', domain: 'domains', handler: 'handlers' };

export const useNavigation = create<NavigationState>((set) => ({
  view: typeof location === 'undefined' ? 'overview' : viewFromHash(location.hash),
  focusKey: undefined,
  go(view, focusKey) {
    set({ view, focusKey });
    if (typeof location !== 'undefined' && viewFromHash(location.hash) !== view) history.pushState(null, '', `#/${view}`);
  },
  openItem(itemKey) {
    const kind = /^[a-z]+/.exec(itemKey)?.[0] ?? '';
    const view = viewOfKind[kind];
    if (view === undefined) return;
    useListPreferences.getState().reveal(view);
    useNavigation.getState().go(view, itemKey);
  },
}));

/** Follows the browser's back and forward buttons; returns the stop function. */
export function followHash(): () => void {
  const onPop = () => {
    // Only "#/view" addresses are views; the skip link's "#main" moves focus, not the view.
    if (location.hash.startsWith('#/')) useNavigation.setState({ view: viewFromHash(location.hash), focusKey: undefined });
  };
  window.addEventListener('popstate', onPop);
  return () => window.removeEventListener('popstate', onPop);
}
