// Electron entry point: the one place where Electron's objects are wired to the core and the adapters. Every
// piece with logic lives in its own module and is tested in plain Node against fakes; this file only connects.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  protocol,
  session,
  shell,
  Tray,
  utilityProcess,
} from 'electron';
import type { NativeImage } from 'electron';
import log from 'electron-log/main';
import electronUpdater from 'electron-updater';
import { createVigilCore } from '../core/app/create-vigil-core.ts';
import { openSecretStore } from '../core/secrets/open-secret-store.ts';
import { ConfSettingsStore } from '../core/settings/settings-store.ts';
import { systemClock } from '../core/system-clock.ts';
import { appPaths } from './app/app-paths.ts';
import { appWindowOptions } from './app/app-window.ts';
import { itemOpener } from './app/item-opener.ts';
import { startAutoUpdates } from './app/auto-update.ts';
import { SuspendGate, watchOnline, watchPower } from './app/connectivity.ts';
import { followLaunchAtLoginSetting, LaunchAtLogin } from './app/launch-at-login.ts';
import { MainWindow } from './app/main-window.ts';
import { QuitController } from './app/quit.ts';
import { claimSingleInstance } from './app/single-instance.ts';
import { applyTrayAppConventions } from './app/tray-app-conventions.ts';
import { channelOf } from '../../common/ipc/contract.ts';
import { forwardEvents, registerContract } from './ipc/register-contract.ts';
import { TrustedWindows } from './ipc/trusted-windows.ts';
import { utilityServiceLauncher } from './local-service-launcher.ts';
import { AppLogger } from './logging/app-logger.ts';
import { AlertNotifier } from './notifications/alert-notifier.ts';
import { appEntryUrl, appScheme, appSchemePrivileges, createAppProtocolHandler } from './security/app-protocol.ts';
import { limitPagePermissions } from './security/page-permissions.ts';
import { hardenWebContents } from './security/harden-web-contents.ts';
import type { TrayActions } from './tray/tray-menu.ts';
import { TrayView } from './tray/tray-view.ts';

// The CLI honours VIGIL_CONFIG_DIR for the settings it shares with the app; so does the app.
if (process.env.VIGIL_CONFIG_DIR) app.setPath('userData', path.resolve(process.env.VIGIL_CONFIG_DIR));
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
app.enableSandbox();

const paths = appPaths({
  mainDir: import.meta.dirname,
  isPackaged: app.isPackaged,
  appPath: app.getAppPath(),
  resourcesPath: process.resourcesPath,
});
// electron-log listens for pages' log lines on its own IPC channel. Vigil's page does not log through it, so the
// channel is closed: the contract stays the only IPC a page can reach.
ipcMain.removeAllListeners('__ELECTRON_LOG__');
ipcMain.removeHandler('__ELECTRON_LOG__');
const logFile = path.join(app.getPath('logs'), 'main.log');
log.transports.file.resolvePathFn = () => logFile;
log.transports.file.maxSize = 5 * 1024 * 1024;
log.transports.console.level = app.isPackaged ? false : 'info';
const logger = new AppLogger(log);

let quit: QuitController | undefined;
const trusted = new TrustedWindows();
const mainWindow = new MainWindow({
  create() {
    const options = appWindowOptions(paths.preload);
    // The isolation settings are spelled out at the construction site as well, where static analysis
    // (Electronegativity in npm test) can see them; secureWebPreferences holds the same values and is unit-tested.
    const window = new BrowserWindow({
      ...options,
      webPreferences: { ...options.webPreferences, contextIsolation: true, sandbox: true, nodeIntegration: false, disableBlinkFeatures: 'Auxclick' },
    });
    trusted.add(window.webContents);
    void window.loadURL(appEntryUrl);
    return window;
  },
  isQuitting: () => quit?.quitting ?? false,
});

app.on('web-contents-created', (_event, contents) => {
  hardenWebContents(contents, { openExternal: (url) => shell.openExternal(url), logger });
});

async function startVigil(): Promise<void> {
  applyTrayAppConventions(app, process.platform);
  limitPagePermissions(session.defaultSession);
  protocol.handle(appScheme, createAppProtocolHandler({ rootDir: paths.rendererDir, readFile: (file) => readFile(file) }));

  const userData = app.getPath('userData');
  const settings = new ConfSettingsStore({ directory: userData, logger });
  const secrets = await openSecretStore({ onUnavailable: 'memory', logger });
  const localService = utilityServiceLauncher({
    fork: (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
    entryPath: paths.serviceEntry,
    dataDir: path.join(userData, 'service'),
    clock: systemClock,
    logger,
    onToken: (token) => logger.addSecret(token),
  });
  const about = { version: app.getVersion(), logFile, shell: 'desktop' } as const;
  const core = await createVigilCore({
    settings,
    alertStateDir: userData,
    secrets,
    localService,
    about,
    logger,
    // The SMTP password reaches the service, whose stderr goes to this log.
    onSecret: (secret) => logger.addSecret(secret),
  });
  quit = new QuitController({ app, stop: () => core.stop(), clock: systemClock, logger });

  registerContract({ ipcMain, core, trusted, logger });
  forwardEvents({ core, trusted, logger });

  const loginItem = new LaunchAtLogin({
    app,
    platform: process.platform,
    env: process.env,
    home: homedir(),
    execPath: process.execPath,
    files: {
      exists: existsSync,
      write(file, text) {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text, { mode: 0o644 });
      },
      remove: (file) => rmSync(file, { force: true }),
    },
    logger,
  });
  const report = (what: string) => (error: unknown) => logger.warn(`${what} failed.`, { error: String(error) });
  const openItem = itemOpener({
    isOpen: () => mainWindow.current !== undefined,
    show: () => mainWindow.show(),
    whenLoaded: (deliver) => mainWindow.current?.webContents.once('did-finish-load', deliver),
    sendOpenItem: (itemKey) => {
      for (const contents of trusted.showingApp()) contents.send(channelOf('onOpenItem'), { itemKey });
    },
  });
  const actions: TrayActions = {
    openWindow: openItem,
    refreshNow: () => void core.service.refreshNow().catch(report('Refresh')),
    pauseNotifications: (duration) => void core.service.pauseNotifications(duration).catch(report('Pausing notifications')),
    resumeNotifications: () => void core.service.resumeNotifications().catch(report('Resuming notifications')),
    setLaunchAtLogin(enabled) {
      if (loginItem.setEnabled(enabled)) {
        try {
          settings.update((current) => ({ ...current, launchAtLogin: enabled }));
        } catch (error) {
          report('Saving the launch-at-login setting')(error);
        }
      }
      tray.refreshMenu();
    },
    openLogs: () => void shell.openPath(logFile).then((problem) => problem && logger.warn(`Could not open the log: ${problem}`)),
    quit: () => app.quit(),
  };
  const tray = new TrayView<NativeImage, Menu>({
    createTray: (image) => new Tray(image),
    loadIcon: (file) => nativeImage.createFromPath(path.join(paths.iconsDir, file)),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    platform: process.platform,
    actions,
    isLaunchAtLogin: () => loginItem.isEnabled(),
  });
  followLaunchAtLoginSetting(settings, loginItem, () => tray.refreshMenu(), logger);
  core.on('onDidChangeStatus', (status) => tray.render(status));
  new AlertNotifier({
    createNotification: (options) => new Notification(options),
    isSupported: () => Notification.isSupported(),
    soundEnabled: () => settings.read().notifications.sound,
    quietSummaries: () => settings.read().notifications.quietSummary,
    openWindow: openItem,
    logger,
  }).listen(core);

  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = log;
  startAutoUpdates({ updater: autoUpdater, isPackaged: app.isPackaged, clock: systemClock, logger });

  const gate = new SuspendGate(core, logger);
  watchPower(powerMonitor, gate);
  watchOnline({ isOnline: () => net.isOnline(), clock: systemClock, gate });

  if (!loginItem.startedAtLogin(process.argv)) mainWindow.show();
  await core.start();
  tray.render(await core.service.getStatus());
}

// A second launch shows this instance's window (once it can have one).
if (claimSingleInstance(app, () => app.isReady() && mainWindow.show())) {
  app.whenReady().then(startVigil).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    logger.error('Vigil could not start.', { error: message });
    dialog.showErrorBox('Vigil could not start', message);
    app.exit(1);
  });
}
