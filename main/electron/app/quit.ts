// Quitting stops the core first (polling, the local service) and then lets Electron quit. A core that does not
// stop within the time limit does not keep the app from quitting.
import type { Clock } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';

export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface QuitControllerOptions {
  app: QuittingApp;
  /** Stops the core and everything it runs. */
  stop(): Promise<void>;
  clock: Pick<Clock, 'setTimer' | 'clearTimer'>;
  logger: Logger;
  timeoutMs?: number;
}

const defaultStopTimeoutMs = 30_000;

export class QuitController {
  #quitting = false;
  #stopped = false;

  constructor(options: QuitControllerOptions) {
    const { app, clock, logger } = options;
    app.on('before-quit', (event) => {
      if (this.#stopped) return;
      event.preventDefault();
      if (this.#quitting) return;
      this.#quitting = true;
      const finish = (problem?: string) => {
        if (this.#stopped) return;
        this.#stopped = true;
        clock.clearTimer(timer);
        if (problem !== undefined) logger.warn(problem);
        app.quit();
      };
      const timer = clock.setTimer(() => finish('Vigil did not stop in time; quitting anyway.'), options.timeoutMs ?? defaultStopTimeoutMs);
      options.stop().then(
        () => finish(),
        (error: unknown) => finish(`Vigil did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`),
      );
    });
  }

  /** True from the first quit request on: windows close for real instead of hiding. */
  get quitting(): boolean {
    return this.#quitting;
  }
}
