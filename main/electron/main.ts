// Electron entry point: what must happen before the app is ready, then Electron's objects handed to the
// composition (desktop-app.ts), which is tested in plain Node with fakes.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, net, Notification, powerMonitor, protocol, session, shell, Tray, utilityProcess } from 'electron';
import type { NativeImage } from 'electron';
import log from 'electron-log/main';
import electronUpdater from 'electron-updater';
import { makeNewFilesPrivate } from '../../common/private-files.ts';
import { openSecretStore } from '../core/secrets/open-secret-store.ts';
import { claimSingleInstance } from './app/single-instance.ts';
import { startDesktopApp, type DesktopApp } from './desktop-app.ts';
import { openAppLog } from './logging/open-app-log.ts';
import { appSchemePrivileges } from './security/app-protocol.ts';

// Settings, alert state, history and logs are the user's alone: umask 077 (common/private-files.ts), before anything
// is written.
makeNewFilesPrivate(process);
// The CLI honours VIGIL_CONFIG_DIR for the settings it shares with the app; so does the app.
if (process.env.VIGIL_CONFIG_DIR) app.setPath('userData', path.resolve(process.env.VIGIL_CONFIG_DIR));
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
app.enableSandbox();
const { logger, file: logFile } = openAppLog(log, { logsDir: app.getPath('logs'), isPackaged: app.isPackaged, ipcMain });
electronUpdater.autoUpdater.logger = log;

let desktop: DesktopApp | undefined;
// A second launch shows this instance's window (once it has one).
if (claimSingleInstance(app, () => desktop?.showWindow())) {
  app
    .whenReady()
    .then(async () => {
      desktop = await startDesktopApp<NativeImage, Menu>({
        app,
        host: { platform: process.platform, argv: process.argv, env: process.env, execPath: process.execPath, home: homedir(), mainDir: import.meta.dirname, resourcesPath: process.resourcesPath },
        // The isolation settings are spelled out where the window is built, for static analysis (Electronegativity
        // in npm test) to see; secureWebPreferences holds the same values and is unit-tested.
        createWindow: (options) =>
          new BrowserWindow({ ...options, webPreferences: { ...options.webPreferences, contextIsolation: true, sandbox: true, nodeIntegration: false, disableBlinkFeatures: 'Auxclick' } }),
        ipcMain,
        createTray: (image) => new Tray(image),
        loadIcon: (file) => nativeImage.createFromPath(file),
        buildMenu: (template) => Menu.buildFromTemplate(template),
        setApplicationMenu: (menu) => Menu.setApplicationMenu(menu),
        createNotification: (options) => new Notification(options),
        notificationsSupported: () => Notification.isSupported(),
        powerMonitor,
        isOnline: () => net.isOnline(),
        handleProtocol: (scheme, handler) => protocol.handle(scheme, handler),
        session: session.defaultSession,
        openExternal: (url) => shell.openExternal(url),
        openPath: (file) => shell.openPath(file),
        readFile: (file) => readFile(file),
        files: {
          exists: existsSync,
          write(file, text) {
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, text, { mode: 0o644 });
          },
          remove: (file) => rmSync(file, { force: true }),
        },
        forkUtility: (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
        updater: electronUpdater.autoUpdater,
        openSecrets: () => openSecretStore({ onUnavailable: 'memory', logger }),
        logger,
        logFile,
      });
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      logger.error('Vigil could not start.', { error: message });
      dialog.showErrorBox('Vigil could not start', message);
      app.exit(1);
    });
}
