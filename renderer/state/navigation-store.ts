// Which view the window shows, kept in the address's #fragment so a reload (or browser back) returns to it: one
// of the views (`#/monitors`) or an item's page (`#/item/work%2Fmonitor%3Amon_1`, its server item key encoded, so
// the same id on two servers are two pages). Also the item to bring into view in its list, when the overview asks
// for one. A move to another view or page while a form there has unsaved edits asks first (unsaved-changes.ts).
import { create } from 'zustand';
import { parseServerItemKey, type ItemKind } from '../../common/ipc/item-key.ts';
import { useListPreferences } from './list-preferences.ts';
import { hasUnsavedChanges, leaveOrAsk } from './unsaved-changes.ts';

export const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'monitors', label: 'Monitors' },
  { id: 'heartbeats', label: 'Heartbeats' },
  { id: 'domains', label: 'Domains' },
  { id: 'sources', label: 'Sources' },
  { id: 'handlers', label: 'Notification handlers' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

interface NavigationState {
  /** The view shown; on an item's page, the list the item belongs to. */
  view: ViewId;
  /** The server item key of the item whose page is shown, if one is. */
  itemKey: string | undefined;
  /** The server item key to scroll to and highlight in its list. */
  focusKey: string | undefined;
  go(view: ViewId, focusKey?: string): void;
  /** Opens the view that lists the item (`work/monitor:12` → monitors), with the item brought into view. */
  showInList(itemKey: string): void;
  /** Opens the item's own page (a row's name, the tray, a notification). */
  openItemPage(itemKey: string): void;
}

/** The list each kind is shown in: a read-only source's items in Sources. */
export const viewOfKind: Record<ItemKind, ViewId> = { monitor: 'monitors', heartbeat: 'heartbeats', domain: 'domains', source: 'sources' };

const itemPrefix = '#/item/';

/** The focus key that opens Settings at a connection's card, its token field ready ("Sign in again"). */
export function connectionFocusKey(connectionId: string): string {
  return `connection:${connectionId}`;
}

/** The address of an item's page. */
export function itemPageHash(itemKey: string): string {
  return `${itemPrefix}${encodeURIComponent(itemKey)}`;
}

interface Route {
  view: ViewId;
  itemKey: string | undefined;
}

function routeFromHash(hash: string): Route {
  if (hash.startsWith(itemPrefix)) {
    let itemKey: string | undefined;
    try {
      itemKey = decodeURIComponent(hash.slice(itemPrefix.length));
    } catch {
      itemKey = undefined;
    }
    const ref = itemKey === undefined ? undefined : parseServerItemKey(itemKey);
    if (ref !== undefined && itemKey !== undefined) return { view: viewOfKind[ref.item.kind], itemKey };
  }
  const id = hash.replace(/^#\/?/, '');
  return { view: VIEWS.find((view) => view.id === id)?.id ?? 'overview', itemKey: undefined };
}

function hashOf(route: Route): string {
  return route.itemKey === undefined ? `#/${route.view}` : itemPageHash(route.itemKey);
}

function pushRoute(route: Route): void {
  if (typeof location !== 'undefined' && location.hash !== hashOf(route)) history.pushState(null, '', hashOf(route));
}

const initialRoute: Route = typeof location === 'undefined' ? { view: 'overview', itemKey: undefined } : routeFromHash(location.hash);

const leaves = (route: Route) => {
  const { view, itemKey } = useNavigation.getState();
  return route.view !== view || route.itemKey !== itemKey;
};

/** Shows `route`; when that leaves the page shown, only once its unsaved edits are saved or discarded. */
function moveTo(route: Route, focusKey: string | undefined): void {
  const move = () => {
    useNavigation.setState({ ...route, focusKey });
    pushRoute(route);
  };
  if (leaves(route)) leaveOrAsk(move);
  else move();
}

export const useNavigation = create<NavigationState>(() => ({
  ...initialRoute,
  focusKey: undefined,
  go(view, focusKey) {
    moveTo({ view, itemKey: undefined }, focusKey);
  },
  showInList(itemKey) {
    const ref = parseServerItemKey(itemKey);
    if (ref === undefined) return;
    const view = viewOfKind[ref.item.kind];
    useListPreferences.getState().reveal(view);
    useNavigation.getState().go(view, itemKey);
  },
  openItemPage(itemKey) {
    const ref = parseServerItemKey(itemKey);
    if (ref === undefined) return;
    moveTo({ view: viewOfKind[ref.item.kind], itemKey }, undefined);
  },
}));

/** Follows the browser's back and forward buttons; returns the stop function. */
export function followHash(): () => void {
  const onPop = () => {
    // Only "#/…" addresses are views; the skip link's "#main" moves focus, not the view.
    if (!location.hash.startsWith('#/')) return;
    const route = routeFromHash(location.hash);
    if (!leaves(route) || !hasUnsavedChanges()) {
      useNavigation.setState({ ...route, focusKey: undefined });
      return;
    }
    // The address goes back to the page shown while the question is open; Save or Discard moves on.
    const { view, itemKey } = useNavigation.getState();
    history.pushState(null, '', hashOf({ view, itemKey }));
    moveTo(route, undefined);
  };
  window.addEventListener('popstate', onPop);
  return () => window.removeEventListener('popstate', onPop);
}
