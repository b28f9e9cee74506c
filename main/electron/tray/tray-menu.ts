// The tray's context menu, from the status the core publishes. Pure: a template of plain entries whose clicks
// call the actions given. Problems come first, worst first (snoozed ones last), then the app's commands.
import type { StatusItemView, StatusView } from '../../../common/ipc/views.ts';

export interface TrayMenuEntry {
  id?: string;
  label?: string;
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox';
  enabled?: boolean;
  checked?: boolean;
  click?: () => void;
  submenu?: TrayMenuEntry[];
}

export type PauseFor = '1h' | '4h' | 'until-resumed';

export interface TrayActions {
  /** Shows the window; with an item key, on that item. */
  openWindow(itemKey?: string): void;
  refreshNow(): void;
  pauseNotifications(duration: PauseFor): void;
  resumeNotifications(): void;
  setLaunchAtLogin(enabled: boolean): void;
  openLogs(): void;
  quit(): void;
}

export interface TrayMenuInput {
  /** Undefined until the core has published its first status. */
  status: StatusView | undefined;
  launchAtLogin: boolean;
  platform: NodeJS.Platform;
  /** Status entries at most, an "and N more" entry included. */
  maxItems?: number;
}

const defaultMaxItems = 10;
const healthRank = { critical: 0, warning: 1, unknown: 2, ok: 3 } as const;

/** Items worth a menu entry (not OK, or snoozed so they can be woken), worst first; stable for equal ranks. */
export function menuItems(items: readonly StatusItemView[]): StatusItemView[] {
  const rank = (item: StatusItemView) => healthRank[item.health] + (item.snoozedUntil === undefined ? 0 : 4);
  return items.filter((item) => item.health !== 'ok' || item.snoozedUntil !== undefined).sort((a, b) => rank(a) - rank(b));
}

export function trayMenuTemplate(input: TrayMenuInput, actions: TrayActions): TrayMenuEntry[] {
  // Windows and Linux read "&" in a label as a mnemonic marker; names come from the server, so double it.
  const text = (label: string) => (input.platform === 'darwin' ? label : label.replaceAll('&', '&&'));
  const { status } = input;
  const entries: TrayMenuEntry[] = [
    // Linux (AppIndicator) shows no tooltip, so the summary is the menu's first line everywhere.
    { id: 'summary', label: text(status?.tooltip ?? 'Vigil: starting…'), enabled: false },
  ];
  const problems = status === undefined ? [] : menuItems(status.items);
  const max = Math.max(1, Math.floor(input.maxItems ?? defaultMaxItems));
  const shown = problems.length <= max ? problems : problems.slice(0, max - 1);
  for (const item of shown) {
    const snoozed = item.snoozedUntil === undefined ? '' : ' (snoozed)';
    entries.push({ id: `item:${item.key}`, label: text(`${item.name} — ${item.detail}${snoozed}`), click: () => actions.openWindow(item.key) });
  }
  if (shown.length < problems.length) {
    entries.push({ id: 'more', label: `and ${problems.length - shown.length} more`, click: () => actions.openWindow() });
  }
  const paused = status?.pausedUntil !== undefined;
  entries.push(
    { type: 'separator' },
    { id: 'open', label: 'Open Vigil', click: () => actions.openWindow() },
    { id: 'refresh', label: 'Refresh now', click: () => actions.refreshNow() },
    { type: 'separator' },
    paused
      ? { id: 'resume', label: 'Resume notifications', click: () => actions.resumeNotifications() }
      : {
          id: 'pause',
          label: 'Pause notifications',
          type: 'submenu',
          submenu: [
            { id: 'pause:1h', label: 'For 1 hour', click: () => actions.pauseNotifications('1h') },
            { id: 'pause:4h', label: 'For 4 hours', click: () => actions.pauseNotifications('4h') },
            { id: 'pause:until-resumed', label: 'Until I resume them', click: () => actions.pauseNotifications('until-resumed') },
          ],
        },
    {
      id: 'launch-at-login',
      label: 'Launch at login',
      type: 'checkbox',
      checked: input.launchAtLogin,
      click: () => actions.setLaunchAtLogin(!input.launchAtLogin),
    },
    { type: 'separator' },
    { id: 'logs', label: 'Open logs', click: () => actions.openLogs() },
    { id: 'quit', label: 'Quit', click: () => actions.quit() },
  );
  return entries;
}
