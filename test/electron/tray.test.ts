import { describe, expect, it, vi } from 'vitest';
import type { MaintenanceView } from '../../common/ipc/alerting.ts';
import type { Level } from '../../common/ipc/views.ts';
import { trayIconFile } from '../../main/electron/tray/tray-icons.ts';
import { trayMenuTemplate, type TrayActions, type TrayMenuEntry } from '../../main/electron/tray/tray-menu.ts';
import { TrayView } from '../../main/electron/tray/tray-view.ts';
import { status, trayItem } from './fakes.ts';

interface FakeImage {
  file: string;
}
interface FakeMenu {
  template: TrayMenuEntry[];
}

function actions() {
  return {
    openWindow: vi.fn<TrayActions['openWindow']>(),
    openConnectionSettings: vi.fn<TrayActions['openConnectionSettings']>(),
    refreshNow: vi.fn<TrayActions['refreshNow']>(),
    pauseNotifications: vi.fn<TrayActions['pauseNotifications']>(),
    resumeNotifications: vi.fn<TrayActions['resumeNotifications']>(),
    startMaintenance: vi.fn<TrayActions['startMaintenance']>(),
    endMaintenance: vi.fn<TrayActions['endMaintenance']>(),
    acknowledge: vi.fn<TrayActions['acknowledge']>(),
    setLaunchAtLogin: vi.fn<TrayActions['setLaunchAtLogin']>(),
    openLogs: vi.fn<TrayActions['openLogs']>(),
    quit: vi.fn<TrayActions['quit']>(),
  } satisfies TrayActions;
}

function trayFor(platform: NodeJS.Platform, launchAtLogin = false) {
  const loadIcon = vi.fn((file: string): FakeImage => ({ file }));
  const buildMenu = vi.fn((template: TrayMenuEntry[]): FakeMenu => ({ template }));
  const tray = {
    image: undefined as FakeImage | undefined,
    images: [] as FakeImage[],
    tooltips: [] as string[],
    menus: [] as (FakeMenu | null)[],
    clickListeners: [] as (() => void)[],
    destroyed: false,
    setImage: vi.fn((image: FakeImage) => void tray.images.push(image)),
    setToolTip: (tooltip: string) => void tray.tooltips.push(tooltip),
    setContextMenu: (menu: FakeMenu | null) => void tray.menus.push(menu),
    on: (_event: 'click', listener: () => void) => void tray.clickListeners.push(listener),
    destroy: () => void (tray.destroyed = true),
  };
  const created: FakeImage[] = [];
  const all = actions();
  const view = new TrayView<FakeImage, FakeMenu>({
    createTray: (image) => {
      created.push(image);
      return tray;
    },
    loadIcon,
    buildMenu,
    platform,
    actions: all,
    isLaunchAtLogin: () => launchAtLogin,
  });
  const lastMenu = () => tray.menus.at(-1)?.template ?? [];
  return { view, tray, loadIcon, buildMenu, created, actions: all, lastMenu };
}

const labels = (entries: TrayMenuEntry[]) => entries.map((entry) => (entry.type === 'separator' ? '---' : entry.label));
const find = (entries: TrayMenuEntry[], id: string): TrayMenuEntry | undefined =>
  entries.flatMap((entry) => [entry, ...(entry.submenu ?? [])]).find((entry) => entry.id === id);

describe('tray icons', () => {
  it.each([
    ['darwin', 'tray-criticalTemplate.png'],
    ['win32', 'tray-critical.ico'],
    ['linux', 'tray-critical.png'],
  ] as const)('on %s the critical level is %s', (platform, file) => {
    expect(trayIconFile('critical', platform)).toBe(file);
  });
});

describe('TrayView', () => {
  it('loads the six icons once, and re-uses them: no new image per poll (electron#20850)', () => {
    const { view, tray, loadIcon, created } = trayFor('linux');
    expect(loadIcon).toHaveBeenCalledTimes(6);
    expect(created).toEqual([{ file: 'tray-unknown.png' }]);
    const levels: Level[] = ['ok', 'ok', 'warning', 'critical', 'critical', 'offline', 'paused', 'ok'];
    for (let poll = 0; poll < 100; poll++) for (const level of levels) view.render(status({ level }));
    expect(loadIcon).toHaveBeenCalledTimes(6);
    const distinct = new Set(tray.images);
    expect(distinct.size).toBeLessThanOrEqual(6);
    expect([...distinct].map((image) => image.file).sort()).toEqual(
      ['tray-ok.png', 'tray-warning.png', 'tray-critical.png', 'tray-offline.png', 'tray-paused.png'].sort(),
    );
  });

  it('sets the image only when the level changes', () => {
    const { view, tray } = trayFor('darwin');
    view.render(status({ level: 'warning' }));
    view.render(status({ level: 'warning' }));
    view.render(status({ level: 'critical' }));
    expect(tray.images.map((image) => image.file)).toEqual(['tray-warningTemplate.png', 'tray-criticalTemplate.png']);
  });

  it('shows the status tooltip, setting it only when it changes', () => {
    const { view, tray } = trayFor('win32');
    view.render(status({ tooltip: 'Prod: 1 down' }));
    view.render(status({ tooltip: 'Prod: 1 down' }));
    view.render(status({ tooltip: 'Prod: all 3 OK' }));
    expect(tray.tooltips).toEqual(['Vigil: starting…', 'Prod: 1 down', 'Prod: all 3 OK']);
  });

  it.each(['linux', 'darwin', 'win32'] as const)('gives the icon a context menu from the start on %s (AppIndicator needs one)', (platform) => {
    const { tray } = trayFor(platform);
    expect(tray.menus).toHaveLength(1);
    expect(tray.menus[0]).not.toBeNull();
  });

  it('rebuilds the menu only when what it shows changes', () => {
    const { view, tray, buildMenu } = trayFor('linux');
    const down = status({ level: 'critical', tooltip: 'Prod: 1 down', trayItems: [trayItem({ key: 'prod/monitor:a' })] });
    view.render(down);
    view.render(down);
    view.render({ ...down, items: [] });
    expect(buildMenu).toHaveBeenCalledTimes(2);
    expect(tray.menus).toHaveLength(2);
  });

  it('opens the window on a click of the icon (Windows)', () => {
    const { tray, actions: all } = trayFor('win32');
    tray.clickListeners.forEach((listener) => listener());
    expect(all.openWindow).toHaveBeenCalledWith();
  });

  it('lists the tray model\'s entries in its order, then the commands, and each entry does what it says', () => {
    const { view, lastMenu, actions: all } = trayFor('linux', true);
    view.render(
      status({
        level: 'critical',
        tooltip: 'Prod: 1 down, 1 late',
        trayItems: [
          { type: 'server', connectionId: 'side', situation: 'signed-out', label: 'Side: sign in again' },
          trayItem({ key: 'prod/monitor:down', name: 'API', detail: 'down since 14:05', label: 'Prod · API — down since 14:05' }),
          trayItem({ key: 'prod/heartbeat:late', kind: 'heartbeat', name: 'Backup', health: 'warning', detail: 'late by 5 min' }),
          trayItem({ key: 'side/domain:x', kind: 'domain', name: 'x.example', health: 'unknown', detail: 'no expiry known' }),
        ],
      }),
    );
    const menu = lastMenu();
    expect(labels(menu)).toEqual([
      'Prod: 1 down, 1 late',
      'Side: sign in again',
      'Prod · API — down since 14:05',
      'Backup — late by 5 min',
      'x.example — no expiry known',
      'I’m on it',
      '---',
      'Open Vigil',
      'Refresh now',
      '---',
      'Pause notifications',
      'Maintenance on everything',
      'Launch at login',
      '---',
      'Open logs',
      'Quit',
    ]);
    expect(find(menu, 'summary')?.enabled).toBe(false);
    find(menu, 'item:prod/monitor:down')?.click?.();
    expect(all.openWindow).toHaveBeenLastCalledWith('prod/monitor:down');
    // "I'm on it" lists the problems nobody is on yet (not the unknown domain), each acknowledged by its key.
    expect(find(menu, 'acknowledge')?.submenu?.map((entry) => entry.label)).toEqual(['API', 'Backup']);
    find(menu, 'acknowledge:prod/heartbeat:late')?.click?.();
    expect(all.acknowledge).toHaveBeenCalledWith('prod/heartbeat:late');
    find(menu, 'server:side')?.click?.();
    expect(all.openConnectionSettings).toHaveBeenCalledWith('side');
    find(menu, 'open')?.click?.();
    expect(all.openWindow).toHaveBeenLastCalledWith();
    find(menu, 'refresh')?.click?.();
    expect(all.refreshNow).toHaveBeenCalled();
    expect(labels(find(menu, 'pause')?.submenu ?? [])).toEqual(['For 1 hour', 'For 4 hours', 'Until I resume them']);
    find(menu, 'pause:1h')?.click?.();
    find(menu, 'pause:4h')?.click?.();
    find(menu, 'pause:until-resumed')?.click?.();
    expect(all.pauseNotifications.mock.calls).toEqual([['1h'], ['4h'], ['until-resumed']]);
    expect(find(menu, 'launch-at-login')).toMatchObject({ type: 'checkbox', checked: true });
    find(menu, 'launch-at-login')?.click?.();
    expect(all.setLaunchAtLogin).toHaveBeenCalledWith(false);
    find(menu, 'logs')?.click?.();
    expect(all.openLogs).toHaveBeenCalled();
    find(menu, 'quit')?.click?.();
    expect(all.quit).toHaveBeenCalled();
  });

  it('offers "Resume notifications" instead of the pause menu while paused', () => {
    const { view, lastMenu, actions: all } = trayFor('darwin');
    view.render(status({ level: 'paused', pausedUntil: 'resumed' }));
    expect(find(lastMenu(), 'pause')).toBeUndefined();
    find(lastMenu(), 'resume')?.click?.();
    expect(all.resumeNotifications).toHaveBeenCalled();
  });

  it('picks up a changed "Launch at login" when asked to refresh the menu', () => {
    let enabled = false;
    const tray = { setImage() {}, setToolTip() {}, setContextMenu: vi.fn(), on() {}, destroy() {} };
    const view = new TrayView<string, TrayMenuEntry[]>({
      createTray: () => tray,
      loadIcon: (file) => file,
      buildMenu: (template) => template,
      platform: 'linux',
      actions: actions(),
      isLaunchAtLogin: () => enabled,
    });
    enabled = true;
    view.refreshMenu();
    const menu = tray.setContextMenu.mock.calls.at(-1)?.[0] as TrayMenuEntry[];
    expect(find(menu, 'launch-at-login')?.checked).toBe(true);
    view.destroy();
  });
});

describe('the tray menu template', () => {
  it('ends the item entries with the model\'s "and N more", which opens the window', () => {
    const trayItems = [...Array.from({ length: 9 }, (_, index) => trayItem({ key: `prod/monitor:${index}` })), { type: 'more', count: 16, label: 'and 16 more' } as const];
    const open = vi.fn();
    const menu = trayMenuTemplate({ status: status({ trayItems }), launchAtLogin: false, platform: 'linux' }, { ...actions(), openWindow: open });
    expect(menu.filter((entry) => entry.id?.startsWith('item:'))).toHaveLength(9);
    const more = find(menu, 'more');
    expect(more?.label).toBe('and 16 more');
    more?.click?.();
    expect(open).toHaveBeenCalledWith();
  });

  it('doubles "&" on Windows and Linux, where it marks a mnemonic, and leaves it on macOS', () => {
    const trayItems = [trayItem({ key: 'm', name: 'R&D API', detail: 'down' })];
    const on = (platform: NodeJS.Platform) =>
      find(trayMenuTemplate({ status: status({ trayItems }), launchAtLogin: false, platform }, actions()), 'item:m')?.label;
    expect(on('linux')).toBe('R&&D API — down');
    expect(on('win32')).toBe('R&&D API — down');
    expect(on('darwin')).toBe('R&D API — down');
  });

  it('starts maintenance on everything for a while or until ended, and offers to end it while one is active', () => {
    const all = actions();
    const idle = trayMenuTemplate({ status: status({}), launchAtLogin: false, platform: 'linux' }, all);
    expect(find(idle, 'maintenance')?.submenu?.map((entry) => entry.label)).toEqual(['For 30 minutes', 'For 1 hour', 'For 2 hours', 'Until I end it']);
    find(idle, 'maintenance:1h')?.click?.();
    find(idle, 'maintenance:until-ended')?.click?.();
    expect(all.startMaintenance.mock.calls).toEqual([[60], ['until-ended']]);
    const window = { id: 'prod/mw1', connectionId: 'prod', serverName: 'Prod', startsAt: 0, active: true, keptBy: 'server' } as const;
    const busy = trayMenuTemplate({ status: status({ maintenance: [window] }), launchAtLogin: false, platform: 'linux' }, all);
    expect(find(busy, 'maintenance')).toBeUndefined();
    find(busy, 'maintenance:end')?.click?.();
    expect(all.endMaintenance).toHaveBeenCalledOnce();
    // A weekly window in force is not ended from the tray: that would end every later week too.
    const weekly: MaintenanceView = { ...window, repeat: { days: [0], start: '02:00', end: '04:00', timezone: 'UTC' } };
    const weeklyMenu = trayMenuTemplate({ status: status({ maintenance: [weekly] }), launchAtLogin: false, platform: 'linux' }, all);
    expect(find(weeklyMenu, 'maintenance:end')).toBeUndefined();
    expect(find(weeklyMenu, 'maintenance')).toBeDefined();
  });

  it('says it is starting before the first status', () => {
    const menu = trayMenuTemplate({ status: undefined, launchAtLogin: false, platform: 'linux' }, actions());
    expect(menu[0]?.label).toBe('Vigil: starting…');
    expect(menu.some((entry) => entry.id?.startsWith('item:'))).toBe(false);
  });
});
