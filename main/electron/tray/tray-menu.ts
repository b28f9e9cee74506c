// The tray's context menu, from the status the core publishes. Pure: a template of plain entries whose clicks
// call the actions given. The server and item entries are the tray model's (core/tray/tray-items.ts), in its order
// and cap; the app's commands follow.
import type { StatusView, TrayItem } from '../../../common/ipc/views.ts';

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

/** How long maintenance on everything lasts, started from the tray: minutes, or until ended. */
export type MaintenanceFor = 30 | 60 | 120 | 'until-ended';

export interface TrayActions {
  /** Shows the window; with a server item key, on that item. */
  openWindow(itemKey?: string): void;
  /** Shows the window on a connection's settings (to sign in again, or fix its address). */
  openConnectionSettings(connectionId: string): void;
  refreshNow(): void;
  pauseNotifications(duration: PauseFor): void;
  resumeNotifications(): void;
  /** Maintenance on everything watched. */
  startMaintenance(duration: MaintenanceFor): void;
  /** Ends every active maintenance window. */
  endMaintenance(): void;
  /** "I'm on it" for a problem (a server item key): no more news of it until it recovers. */
  acknowledge(itemKey: string): void;
  setLaunchAtLogin(enabled: boolean): void;
  openLogs(): void;
  quit(): void;
}

export interface TrayMenuInput {
  /** Undefined until the core has published its first status. */
  status: StatusView | undefined;
  launchAtLogin: boolean;
  platform: NodeJS.Platform;
}

export function trayMenuTemplate(input: TrayMenuInput, actions: TrayActions): TrayMenuEntry[] {
  // Windows and Linux read "&" in a label as a mnemonic marker; names come from the server, so double it.
  const text = (label: string) => (input.platform === 'darwin' ? label : label.replaceAll('&', '&&'));
  const { status } = input;
  const entries: TrayMenuEntry[] = [
    // Linux (AppIndicator) shows no tooltip, so the summary is the menu's first line everywhere.
    { id: 'summary', label: text(status?.tooltip ?? 'Vigil: starting…'), enabled: false },
  ];
  for (const item of status?.trayItems ?? []) entries.push(trayItemEntry(item, text, actions));
  const problems = (status?.trayItems ?? []).filter(isOpenProblem);
  if (problems.length > 0) {
    entries.push({
      id: 'acknowledge',
      label: 'I’m on it',
      submenu: problems.map((item) => ({ id: `acknowledge:${item.key}`, label: text(item.name), click: () => actions.acknowledge(item.key) })),
    });
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
    maintenanceEntry(status, actions),
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

/** A problem nobody has said they are on yet (nor snoozed, nor in maintenance): what "I'm on it" lists. */
function isOpenProblem(item: TrayItem): item is Extract<TrayItem, { type: 'item' }> {
  return item.type === 'item' && (item.health === 'critical' || item.health === 'warning') && item.acknowledgedAt === undefined && item.snoozedUntil === undefined && item.maintenance === undefined;
}

function trayItemEntry(item: TrayItem, text: (label: string) => string, actions: TrayActions): TrayMenuEntry {
  switch (item.type) {
    case 'item':
      return { id: `item:${item.key}`, label: text(item.label), click: () => actions.openWindow(item.key) };
    case 'server':
      return { id: `server:${item.connectionId}`, label: text(item.label), click: () => actions.openConnectionSettings(item.connectionId) };
    case 'more':
      return { id: 'more', label: item.label, click: () => actions.openWindow() };
  }
}

/**
 * "End maintenance" while a one-off window is active (so a deploy that ends early is one click away), else the menu to
 * start one. A weekly window is not ended from here: that would end every later week too.
 */
function maintenanceEntry(status: StatusView | undefined, actions: TrayActions): TrayMenuEntry {
  if (status?.maintenance.some((window) => window.active && window.repeat === undefined) === true) return { id: 'maintenance:end', label: 'End maintenance', click: () => actions.endMaintenance() };
  const start = (id: string, label: string, duration: MaintenanceFor): TrayMenuEntry => ({ id: `maintenance:${id}`, label, click: () => actions.startMaintenance(duration) });
  return {
    id: 'maintenance',
    label: 'Maintenance on everything',
    type: 'submenu',
    submenu: [start('30m', 'For 30 minutes', 30), start('1h', 'For 1 hour', 60), start('2h', 'For 2 hours', 120), start('until-ended', 'Until I end it', 'until-ended')],
  };
}
