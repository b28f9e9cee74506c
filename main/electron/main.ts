// Electron entry point. For now it opens the window; the tray, IPC and local mode arrive with the desktop shell.
import path from 'node:path';
import { app, BrowserWindow } from 'electron';

app.enableSandbox();

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1100,
    height: 720,
    show: false,
    title: 'Vigil',
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(path.join(import.meta.dirname, '../renderer/index.html'));
}

app.on('window-all-closed', () => app.quit());
void app.whenReady().then(createWindow);
