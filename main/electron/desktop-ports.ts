// What the desktop app needs from Electron and the machine, as ports: main.ts passes Electron's own objects, the
// composition test (test/electron/desktop-app.test.ts) passes fakes. Each port is the part of an Electron API that
// one adapter uses, named where that adapter is.
import type { BrowserWindowConstructorOptions } from 'electron';
import type { Clock } from '../../common/clock.ts';
import type { Logger } from '../../common/logger.ts';
import type { SecretStore } from '../core/secrets/secret-store.ts';
import type { Updater } from './app/auto-update.ts';
import type { PowerEvents } from './app/connectivity.ts';
import type { AutostartFiles, LoginItemApp } from './app/launch-at-login.ts';
import type { WindowHandle } from './app/main-window.ts';
import type { QuittingApp } from './app/quit.ts';
import type { ConventionsApp, MenuRemover } from './app/tray-app-conventions.ts';
import type { IpcMainLike } from './ipc/register-contract.ts';
import type { TrustedContents } from './ipc/trusted-windows.ts';
import type { UtilityServiceLauncherOptions } from './local-service/utility-launcher.ts';
import type { NotificationHandle, NotificationOptions } from './notifications/alert-notifier.ts';
import type { HardenableContents } from './security/harden-web-contents.ts';
import type { PermissionSession } from './security/page-permissions.ts';
import type { TrayMenuEntry } from './tray/tray-menu.ts';
import type { TrayHandle } from './tray/tray-view.ts';

export type DesktopElectronApp = QuittingApp &
  ConventionsApp &
  LoginItemApp & {
    readonly isPackaged: boolean;
    getAppPath(): string;
    getPath(name: 'userData'): string;
    getVersion(): string;
    on(event: 'web-contents-created', listener: (event: unknown, contents: HardenableContents) => void): unknown;
  };

/** The app's window: what main-window.ts drives, and the web contents the contract trusts. */
export type DesktopWindow = WindowHandle & {
  readonly webContents: TrustedContents & { once(event: 'did-finish-load', listener: () => void): unknown };
  loadURL(url: string): Promise<unknown>;
};

/** Where the app runs: the process and the built files. */
export interface DesktopHost {
  platform: NodeJS.Platform;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  execPath: string;
  home: string;
  /** The folder of the bundled main script (out/main). */
  mainDir: string;
  /** process.resourcesPath in a packaged app. */
  resourcesPath: string;
}

export interface DesktopPorts<Image, Menu> {
  app: DesktopElectronApp;
  host: DesktopHost;
  /** `new BrowserWindow(options)`, with the isolation settings spelled out where it is built (main.ts). */
  createWindow(options: BrowserWindowConstructorOptions): DesktopWindow;
  ipcMain: IpcMainLike;
  createTray(image: Image): TrayHandle<Image, Menu>;
  /** nativeImage.createFromPath. */
  loadIcon(file: string): Image;
  /** Menu.buildFromTemplate. */
  buildMenu(template: TrayMenuEntry[]): Menu;
  /** Menu.setApplicationMenu(null): no application menu (app/tray-app-conventions.ts says where). */
  setApplicationMenu: MenuRemover;
  createNotification(options: NotificationOptions): NotificationHandle;
  notificationsSupported(): boolean;
  powerMonitor: PowerEvents;
  /** net.isOnline. */
  isOnline(): boolean;
  /** protocol.handle. */
  handleProtocol(scheme: string, handler: (request: Request) => Promise<Response>): void;
  session: PermissionSession;
  /** shell.openExternal (only ever called with an https link the person clicked: ipc/clicked-links.ts). */
  openExternal(url: string): Promise<void>;
  /** shell.openPath: resolves with an error message, empty when it worked. */
  openPath(file: string): Promise<string>;
  readFile(file: string): Promise<Uint8Array>;
  files: AutostartFiles;
  /** utilityProcess.fork. */
  forkUtility: UtilityServiceLauncherOptions['fork'];
  updater: Updater;
  /** The OS keychain, or memory for this session when it does not answer. */
  openSecrets(): Promise<SecretStore>;
  logger: Logger & { addSecret(secret: string): void };
  logFile: string;
  clock?: Clock;
}
