// The desktop app, composed: Electron's objects come in as ports (desktop-ports.ts), so this whole wiring runs in
// plain Node tests against fakes; main.ts only hands the real ones over. Each piece with logic lives in its own
// module; this file only connects them, in the order the app starts.
import path from 'node:path';
import { systemClock } from '../../common/clock.ts';
import { channelOf } from '../../common/ipc/contract.ts';
import { createVigilCore } from '../core/app/create-vigil-core.ts';
import type { VigilCore } from '../core/app/vigil-core.ts';
import { localServiceDataDir } from '../core/settings/settings-dir.ts';
import { FileSettingsStore } from '../core/settings/settings-store.ts';
import { sourceHttpOrigins } from '../core/settings/connection-settings.ts';
import { appPaths } from './app/app-paths.ts';
import { startAutoUpdates } from './app/auto-update.ts';
import { SuspendGate, watchOnline, watchPower } from './app/connectivity.ts';
import { windowOpener } from './app/window-opener.ts';
import { followLaunchAtLoginSetting, LaunchAtLogin } from './app/launch-at-login.ts';
import { mainWindowOptions } from './app/main-window-options.ts';
import { MainWindow } from './app/main-window.ts';
import { QuitController } from './app/quit.ts';
import { applyTrayAppConventions } from './app/tray-app-conventions.ts';
import type { DesktopPorts, DesktopWindow } from './desktop-ports.ts';
import { openClickedLinks } from './ipc/clicked-links.ts';
import { forwardEvents, registerContract } from './ipc/register-contract.ts';
import { TrustedWindows } from './ipc/trusted-windows.ts';
import { utilityServiceLauncher } from './local-service/utility-launcher.ts';
import { AlertNotifier } from './notifications/alert-notifier.ts';
import { notificationButtonsShown, soundFor } from './notifications/notification-manner.ts';
import { appEntryUrl, appScheme, createAppProtocolHandler, isAppUrl } from './security/app-protocol.ts';
import { hardenWebContents } from './security/harden-web-contents.ts';
import { limitPagePermissions } from './security/page-permissions.ts';
import type { TrayActions } from './tray/tray-menu.ts';
import { TrayView } from './tray/tray-view.ts';

export interface DesktopApp {
  readonly core: VigilCore;
  /** Shows the window (a second launch of the app asks for it). */
  showWindow(): void;
}

export async function startDesktopApp<Image, Menu>(ports: DesktopPorts<Image, Menu>): Promise<DesktopApp> {
  const { app, logger, host } = ports;
  const clock = ports.clock ?? systemClock;
  const paths = appPaths({ mainDir: host.mainDir, isPackaged: app.isPackaged, appPath: app.getAppPath(), resourcesPath: host.resourcesPath });

  applyTrayAppConventions(app, host.platform, ports.setApplicationMenu);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { logger }));
  limitPagePermissions(ports.session);
  ports.handleProtocol(appScheme, createAppProtocolHandler({ rootDir: paths.rendererDir, readFile: ports.readFile }));

  const trusted = new TrustedWindows();
  const mainWindow = new MainWindow<DesktopWindow>({
    create(lastAddress) {
      const window = ports.createWindow(mainWindowOptions(paths.preload));
      trusted.add(window.webContents);
      // A window opened again returns to the view its predecessor showed; the first starts at the app's entry.
      void window.loadURL(lastAddress !== undefined && isAppUrl(lastAddress) ? lastAddress : appEntryUrl);
      return window;
    },
    // Read only once a window exists, and it is made after the quit controller below.
    isQuitting: () => quit.quitting,
  });

  const userData = app.getPath('userData');
  const settings = new FileSettingsStore({ directory: userData, logger });
  const localService = utilityServiceLauncher({
    fork: ports.forkUtility,
    entryPath: paths.serviceEntry,
    dataDir: localServiceDataDir(userData),
    clock,
    logger,
    onToken: (token) => logger.addSecret(token),
  });
  const core = await createVigilCore({
    settings,
    alertStateDir: userData,
    historyDir: userData,
    secrets: await ports.openSecrets(),
    localService,
    about: { version: app.getVersion(), logFile: ports.logFile, shell: 'desktop' },
    clock,
    logger,
    // The SMTP password reaches the service, whose stderr goes to this log.
    onSecret: (secret) => logger.addSecret(secret),
  });
  const quit = new QuitController({ app, stop: () => core.stop(), clock, logger });
  registerContract({ ipcMain: ports.ipcMain, core, trusted });
  openClickedLinks({ ipcMain: ports.ipcMain, trusted, openExternal: ports.openExternal, httpOrigins: () => sourceHttpOrigins(settings.read()), logger });
  forwardEvents({ core, trusted });

  const loginItem = new LaunchAtLogin({ app, platform: host.platform, env: host.env, home: host.home, execPath: host.execPath, files: ports.files, logger });
  const report = (what: string) => (error: unknown) => logger.warn(`${what} failed.`, { error: String(error) });
  const window = {
    isOpen: () => mainWindow.current !== undefined,
    show: () => mainWindow.show(),
    whenLoaded: (deliver: () => void) => mainWindow.current?.webContents.once('did-finish-load', deliver),
  };
  const openItem = windowOpener<string>({
    ...window,
    send: (itemKey) => {
      for (const contents of trusted.showingApp()) contents.send(channelOf('onOpenItem'), { itemKey });
    },
  });
  const openSettings = windowOpener<string>({
    ...window,
    send: (connectionId) => {
      for (const contents of trusted.showingApp()) contents.send(channelOf('onOpenSettings'), { connectionId });
    },
  });
  const actions: TrayActions = {
    openWindow: openItem,
    openConnectionSettings: (connectionId) => openSettings(connectionId),
    refreshNow: () => void core.calls.refreshNow().catch(report('Refresh')),
    pauseNotifications: (duration) => void core.calls.pauseNotifications(duration).catch(report('Pausing notifications')),
    resumeNotifications: () => void core.calls.resumeNotifications().catch(report('Resuming notifications')),
    startMaintenance: (duration) =>
      void core.calls.startMaintenance({ scope: 'everything' }, duration === 'until-ended' ? { endsAt: null } : { forMinutes: duration }).catch(report('Starting maintenance')),
    endMaintenance: () => void core.calls.endMaintenance({ scope: 'everything' }).catch(report('Ending maintenance')),
    acknowledge: (itemKey) => void core.calls.acknowledge(itemKey).catch(report('Acknowledging')),
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
    openLogs: () => void ports.openPath(ports.logFile).then((problem) => problem && logger.warn(`Could not open the log: ${problem}`)),
    quit: () => app.quit(),
  };
  const tray = new TrayView<Image, Menu>({
    createTray: ports.createTray,
    loadIcon: (file) => ports.loadIcon(path.join(paths.iconsDir, file)),
    buildMenu: ports.buildMenu,
    platform: host.platform,
    actions,
    isLaunchAtLogin: () => loginItem.isEnabled(),
  });
  followLaunchAtLoginSetting(settings, loginItem, () => tray.refreshMenu(), logger);
  core.on('onDidChangeStatus', (status) => tray.render(status));
  new AlertNotifier({
    createNotification: ports.createNotification,
    isSupported: ports.notificationsSupported,
    soundFor: (level) => soundFor(settings.read().notifications, level),
    quietSummaries: () => settings.read().notifications.quietSummary,
    supportsActions: notificationButtonsShown(host.platform),
    openWindow: openItem,
    snoozeItem: (itemKey) => void core.calls.snooze(itemKey, '1h').catch(report('Snoozing')),
    acknowledgeItem: (itemKey) => void core.calls.acknowledge(itemKey).catch(report('Acknowledging')),
    logger,
  }).listen(core);

  startAutoUpdates({ updater: ports.updater, isPackaged: app.isPackaged, clock, logger });
  const gate = new SuspendGate(core, logger);
  watchPower(ports.powerMonitor, gate);
  watchOnline({ isOnline: ports.isOnline, clock, gate });

  // Launched by the person, the app opens its window; started at login, it is the tray alone until asked.
  if (!loginItem.startedAtLogin(host.argv)) mainWindow.show();
  await core.start();
  tray.render(await core.calls.getStatus());
  return { core, showWindow: () => mainWindow.show() };
}
