// The app's log file through electron-log (passed in, so this runs in plain Node): main.log in the OS's log folder,
// 5 MB at most, echoed to the console only in development, every line redacted (app-logger.ts).
import path from 'node:path';
import type electronLog from 'electron-log/main';
import { AppLogger } from './app-logger.ts';

/** electron-log's main-process logger. */
type ElectronLog = typeof electronLog;

/** The ipcMain calls that close electron-log's page channel. */
export interface LogChannelOwner {
  removeAllListeners(channel: string): unknown;
  removeHandler(channel: string): void;
}

export interface AppLog {
  logger: AppLogger;
  /** What "Open logs" and Settings' About show. */
  file: string;
}

/** electron-log's channel for pages' log lines. */
const pageLogChannel = '__ELECTRON_LOG__';

export function openAppLog(log: ElectronLog, options: { logsDir: string; isPackaged: boolean; ipcMain: LogChannelOwner }): AppLog {
  // Vigil's page does not log through electron-log, so its channel is closed: the contract stays the only IPC a
  // page can reach.
  options.ipcMain.removeAllListeners(pageLogChannel);
  options.ipcMain.removeHandler(pageLogChannel);
  const file = path.join(options.logsDir, 'main.log');
  log.transports.file.resolvePathFn = () => file;
  log.transports.file.maxSize = 5 * 1024 * 1024;
  log.transports.console.level = options.isPackaged ? false : 'info';
  return { logger: new AppLogger(log), file };
}
