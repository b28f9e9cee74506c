// Updates from GitHub Releases (electron-builder's `publish: github` feed) through electron-updater's autoUpdater,
// passed in so this runs in plain Node tests. Packaged builds only: a development run has no update feed.
// A check a minute after start, then every six hours; failures are logged, never shown as errors.
import type { Clock, TimerHandle } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';

/** The part of electron-updater's `autoUpdater` this uses. */
export interface Updater {
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
}

export interface AutoUpdateOptions {
  updater: Updater;
  isPackaged: boolean;
  clock: Pick<Clock, 'setTimer' | 'clearTimer'>;
  logger: Logger;
  firstCheckDelayMs?: number;
  intervalMs?: number;
}

/** Starts checking; returns the function that stops. */
export function startAutoUpdates(options: AutoUpdateOptions): () => void {
  const { updater, clock, logger } = options;
  if (!options.isPackaged) return () => {};
  updater.on('error', (error) => logger.warn('The update check failed.', { error: error.message }));
  updater.on('update-downloaded', ({ version }) => logger.info(`Vigil ${version} is downloaded and installs when Vigil quits.`));
  let timer: TimerHandle | undefined;
  const check = () => {
    updater.checkForUpdatesAndNotify().catch((error: unknown) => logger.warn('The update check failed.', { error: String(error) }));
    timer = clock.setTimer(check, options.intervalMs ?? 6 * 60 * 60_000);
  };
  timer = clock.setTimer(check, options.firstCheckDelayMs ?? 60_000);
  return () => {
    if (timer !== undefined) clock.clearTimer(timer);
  };
}
