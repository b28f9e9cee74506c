// The desktop app's composition in plain Node: Electron's objects are fakes, everything behind them is real — the
// core, the settings file, and the local monitoring service (run in this process, as its utility process runs it).
// Started at login (so with no window), the tray shows the status; a monitor that goes down raises a notification;
// its click opens the window on the item; closing the window releases it unless its page holds typed input; Quit
// stops the local service before the app quits.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelOf, clickedLinkChannel, type CallResult } from '../../common/ipc/contract.ts';
import { MemorySecretStore } from '../../main/core/secrets/memory-secret-store.ts';
import { startDesktopApp, type DesktopApp } from '../../main/electron/desktop-app.ts';
import type { DesktopWindow } from '../../main/electron/desktop-ports.ts';
import type { UtilityChild, UtilityServiceLauncherOptions } from '../../main/electron/local-service/utility-launcher.ts';
import { runServiceProcess } from '../../main/electron/local-service/service-process.ts';
import { startLocalService } from '../../main/electron/local-service/start-local-service.ts';
import type { NotificationOptions } from '../../main/electron/notifications/alert-notifier.ts';
import type { TrayMenuEntry } from '../../main/electron/tray/tray-menu.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { trackingClock } from '../helpers/tracking-clock.ts';
import { cancelable, closeAsElectronDoes, FakeEmitter, FakeIpcMain, FakeWebContents } from './fakes.ts';

class FakeApp extends FakeEmitter {
  readonly isPackaged = false;
  readonly dock = undefined;
  quitted = false;
  readonly userData: string;
  constructor(userData: string) {
    super();
    this.userData = userData;
  }
  getAppPath = () => path.resolve('.');
  getPath = () => this.userData;
  getVersion = () => '0.0.0-test';
  setAppUserModelId() {}
  getLoginItemSettings = () => ({ openAtLogin: false });
  setLoginItemSettings() {}
  quit(): void {
    const event = cancelable();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quitted = true;
  }
}

/** A page's web contents: loading a URL shows it, and tells 'did-finish-load' a moment later; it cancels its unload
 * while it holds typed input. */
class FakePageContents extends FakeWebContents {
  readonly events = new FakeEmitter();
  cancelsUnload = false;
  override once(event: string, listener: () => void): void {
    if (event === 'destroyed') super.once('destroyed', listener);
    else this.events.once(event, listener);
  }
  on(event: string, listener: (...args: never[]) => unknown): void {
    this.events.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): void {
    this.events.emit(event, ...args);
  }
  getURL = () => this.mainFrame.url;
  load(url: string): Promise<void> {
    this.mainFrame.url = url;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.events.emit('did-finish-load');
        resolve();
      }),
    );
  }
}

class FakeWindow extends FakeEmitter {
  readonly webContents = new FakePageContents('about:blank');
  shown = 0;
  readonly options: unknown;
  constructor(options: unknown) {
    super();
    this.options = options;
  }
  hidden = 0;
  destroyed = false;
  show = () => void this.shown++;
  focus() {}
  hide = () => void this.hidden++;
  restore() {}
  isMinimized = () => false;
  isDestroyed = () => this.destroyed;
  loadURL = (url: string) => this.webContents.load(url);
  destroy(): void {
    this.destroyed = true;
    this.webContents.destroy();
    this.emit('closed');
  }
  /** The person closes the window. */
  close = () => closeAsElectronDoes(this, this.webContents);
}

class FakeTray {
  readonly images: { file: string }[] = [];
  readonly tooltips: string[] = [];
  menu: TrayMenuEntry[] = [];
  constructor(image: { file: string }) {
    this.images.push(image);
  }
  setImage = (image: { file: string }) => void this.images.push(image);
  setToolTip = (tooltip: string) => void this.tooltips.push(tooltip);
  setContextMenu = (menu: TrayMenuEntry[] | null) => void (this.menu = menu ?? []);
  on() {}
  destroy() {}
  get level(): string | undefined {
    return /tray-(\w+)\.png$/.exec(this.images.at(-1)?.file ?? '')?.[1];
  }
  click(id: string): void {
    const entry = this.menu.flatMap((item) => [item, ...(item.submenu ?? [])]).find((item) => item.id === id);
    if (entry?.click === undefined) throw new Error(`the tray menu has no "${id}" entry: ${this.menu.map((item) => item.id).join(', ')}`);
    entry.click();
  }
}

class FakeNotification extends FakeEmitter {
  shown = false;
  readonly options: NotificationOptions;
  constructor(options: NotificationOptions) {
    super();
    this.options = options;
  }
  show = () => void (this.shown = true);
}

/** The local service's utility process, run in this process: the same entry code, messages on an in-memory port. */
function inProcessFork(children: UtilityChild[]): UtilityServiceLauncherOptions['fork'] {
  return (_modulePath, args) => {
    const servicePort = new FakeEmitter();
    const child = Object.assign(new FakeEmitter(), {
      stderr: new PassThrough(),
      postMessage: (message: unknown) => servicePort.emit('message', { data: message }),
      kill: () => true,
    }) as FakeEmitter & UtilityChild;
    void runServiceProcess({
      parentPort: { on: (event, listener) => servicePort.on(event, listener), postMessage: (message) => child.emit('message', message) },
      argv: args,
      logger: recordingLogger(),
      exit: (code) => child.emit('exit', code),
      start: (dataDir) => startLocalService(dataDir, recordingLogger()),
    });
    children.push(child);
    return child;
  };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const userData = mkdtempSync(path.join(tmpdir(), 'vigil-desktop-'));
const app = new FakeApp(userData);
const ipcMain = new FakeIpcMain();
const windows: FakeWindow[] = [];
const trays: FakeTray[] = [];
const notifications: FakeNotification[] = [];
const children: UtilityChild[] = [];
const clock = trackingClock();
let desktop: DesktopApp;
const openedInBrowser: string[] = [];
const applicationMenus: null[] = [];
let secrets: MemorySecretStore;

beforeAll(async () => {
  // The local service stays off the network (no RDAP), and one failed check means down.
  mkdirSync(path.join(userData, 'service'), { recursive: true });
  writeFileSync(path.join(userData, 'service', 'config.json'), JSON.stringify({ port: 0, rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json', rdapAllowHttp: true, failuresToConfirmDown: 1 }));
  desktop = await startDesktopApp<{ file: string }, TrayMenuEntry[]>({
    app,
    // Started at login: no window until something asks for one.
    host: { platform: 'linux', argv: ['/opt/Vigil/vigil', '--hidden'], env: { HOME: userData }, execPath: '/opt/Vigil/vigil', home: userData, mainDir: path.resolve('out/main'), resourcesPath: '' },
    createWindow: (options) => {
      const window = new FakeWindow(options);
      windows.push(window);
      return window as unknown as DesktopWindow;
    },
    ipcMain,
    createTray: (image) => {
      const tray = new FakeTray(image);
      trays.push(tray);
      return tray;
    },
    loadIcon: (file) => ({ file }),
    buildMenu: (template) => template,
    setApplicationMenu: (menu) => void applicationMenus.push(menu),
    createNotification: (options) => {
      const notification = new FakeNotification(options);
      notifications.push(notification);
      return notification;
    },
    notificationsSupported: () => true,
    powerMonitor: new FakeEmitter(),
    isOnline: () => true,
    handleProtocol: () => {},
    session: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {}, setDevicePermissionHandler() {} },
    openExternal: async (url) => {
      openedInBrowser.push(url);
    },
    openPath: async () => '',
    readFile: async () => new Uint8Array(),
    files: { exists: () => false, write() {}, remove() {} },
    forkUtility: inProcessFork(children),
    updater: { checkForUpdatesAndNotify: async () => undefined, on() {} },
    openSecrets: async () => (secrets = new MemorySecretStore()),
    logger: Object.assign(recordingLogger(), { addSecret() {} }),
    logFile: path.join(userData, 'main.log'),
    clock,
  });
}, 60_000);

afterAll(() => {
  clock.clearAll();
  rmSync(userData, { recursive: true, force: true });
});

// One life, told in order: what each test finds is what the ones before it left (declared rather than assumed: a
// shuffled run keeps it).
describe('the desktop app, composed', { shuffle: false }, () => {
  it('starts in the tray, with no window, showing the local service\'s status', async () => {
    expect(windows).toHaveLength(0);
    // Linux: no application menu, so the window has no menu bar.
    expect(applicationMenus).toEqual([null]);
    expect(children).toHaveLength(1);
    const [tray] = trays;
    await until('the first answer in the tray', () => (tray?.level === 'ok' ? true : undefined));
    expect(tray?.tooltips.at(-1)).toMatch(/^Vigil — This computer: nothing watched yet · last checked \d{1,2}:\d\d( [AP]M)?$/);
  });

  it('raises a notification when a monitor goes down, and the tray turns critical', async () => {
    const window = new FakePageContents('app://vigil/index.html');
    // The window's own call, through the contract as the page makes it (the sender must be a trusted window, and
    // this one is not): refused, and nothing is created.
    const refused = await ipcMain.invoke(channelOf('createMonitor'), window.eventFrom(), 'local', { name: 'Nothing there', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await desktop.core.calls.createMonitor('local', { name: 'Nothing there', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
    const [tray] = trays;
    const notification = await until('a notification', () => {
      tray?.click('refresh');
      return notifications.find((shown) => shown.options.title.includes('Nothing there'));
    });
    expect(notification).toMatchObject({ shown: true, options: { silent: false, urgency: 'critical' } });
    await until('the critical tray icon', () => (tray?.level === 'critical' ? true : undefined));
    expect(tray?.menu.find((entry) => entry.id?.startsWith('item:local/monitor:'))?.label).toMatch(/^Nothing there — /);
  }, 60_000);

  it('opens the window on the item when the notification is clicked', async () => {
    const notification = notifications.find((shown) => shown.options.title.includes('Nothing there'));
    notification?.emit('click');
    const [window] = windows;
    expect(window?.webContents.mainFrame.url).toBe('app://vigil/index.html');
    const opened = await until('the item opened in the page', () => window?.webContents.sent.find((message) => message.channel === channelOf('onOpenItem')));
    const [monitor] = await desktop.core.calls.listMonitors('local');
    expect(opened.args).toEqual([{ itemKey: `local/monitor:${monitor?.id}` }]);
    // The window's page may now use the contract.
    const answer = (await ipcMain.invoke(channelOf('listMonitors'), window?.webContents.eventFrom() ?? new FakeWebContents().eventFrom(), 'local')) as CallResult;
    expect(answer).toMatchObject({ ok: true, value: [{ name: 'Nothing there' }] });
  });

  it('sends no navigation or new window that no click started to the browser; a link the person clicked goes there', async () => {
    const contents = Object.assign(new FakeEmitter(), { openHandler: undefined as ((details: { url: string }) => unknown) | undefined });
    app.emit('web-contents-created', {}, Object.assign(contents, { setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => (contents.openHandler = handler) }));
    const navigation = cancelable({ url: 'https://attacker.example/' });
    contents.emit('will-navigate', navigation);
    expect(contents.openHandler?.({ url: 'https://attacker.example/popup' })).toEqual({ action: 'deny' });
    expect(navigation.defaultPrevented).toBe(true);

    desktop.showWindow();
    const [window] = windows;
    const sender = window?.webContents.eventFrom() ?? new FakeWebContents().eventFrom();
    expect(await ipcMain.invoke(clickedLinkChannel, sender, 'https://vigil.example/docs')).toEqual({ ok: true, value: undefined });
    // The clicked link arrived after the two refused ones: had they been sent to the browser, they would be here first.
    expect(openedInBrowser).toEqual(['https://vigil.example/docs']);
  });

  it("gives a server that rejects its token its own tray entry, whose click opens that connection's settings", async () => {
    const local = (await desktop.core.calls.getStatus()).servers[0]?.connection.baseUrl ?? '';
    // The local service again, as a second server under another name of this computer.
    const staging = await desktop.core.calls.addRemoteConnection({ name: 'Staging', baseUrl: local.replace('127.0.0.1', 'localhost'), token: (await secrets.get('local')) ?? '' });
    await secrets.set(staging.id, 'revoked.token.value');
    const [tray] = trays;
    await until('the server entry', () => {
      tray?.click('refresh');
      return tray?.menu.find((entry) => entry.id === `server:${staging.id}`);
    });
    expect(tray?.menu.find((entry) => entry.id === `server:${staging.id}`)?.label).toBe('Staging: sign in again');
    // With two servers, item entries name theirs.
    expect(tray?.menu.find((entry) => entry.id?.startsWith('item:local/monitor:'))?.label).toMatch(/^This computer · Nothing there — /);
    tray?.click(`server:${staging.id}`);
    const [window] = windows;
    const opened = await until('the settings opened in the page', () => window?.webContents.sent.find((message) => message.channel === channelOf('onOpenSettings')));
    expect(opened.args).toEqual([{ connectionId: staging.id }]);
    await desktop.core.calls.removeConnection(staging.id);
  });

  it('releases the window when it is closed, and makes it anew on the same view when opened from the tray', async () => {
    const [first] = windows;
    const sender = first?.webContents.eventFrom() ?? new FakeWebContents().eventFrom();
    if (first) first.webContents.mainFrame.url = 'app://vigil/index.html#/monitors';
    expect(first?.close()).toBe(true);
    // Gone with its page: it neither calls the core nor receives events any more.
    expect(await ipcMain.invoke(channelOf('listMonitors'), sender, 'local')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    trays[0]?.click('open');
    expect(windows).toHaveLength(2);
    expect(windows[1]?.webContents.mainFrame.url).toBe('app://vigil/index.html#/monitors');
    expect(await ipcMain.invoke(channelOf('listMonitors'), windows[1]?.webContents.eventFrom() ?? sender, 'local')).toMatchObject({ ok: true });
  });

  it('only hides the window while its page holds typed input, so the input is there when it is opened again', () => {
    const [, window] = windows;
    if (window) window.webContents.cancelsUnload = true;
    expect(window?.close()).toBe(false);
    expect(window).toMatchObject({ hidden: 1, destroyed: false });
    trays[0]?.click('open');
    // The same window, shown again: nothing was made anew.
    expect(windows).toHaveLength(2);
    expect(window?.shown).toBe(1);
  });

  it('stops the local service when Quit is chosen, then quits', async () => {
    const { apiUrl } = await desktop.core.calls.getStatus().then((status) => ({ apiUrl: status.servers[0]?.connection.baseUrl ?? '' }));
    const exited = vi.fn();
    children[0]?.on('exit', exited);
    trays[0]?.click('quit');
    await until('the app to quit', () => (app.quitted ? true : undefined));
    expect(exited).toHaveBeenCalledWith(0);
    await expect(fetch(`${apiUrl}/monitors`)).rejects.toThrow();
  });
});
