// Polling pauses while the machine sleeps or the network is gone, and resumes (with an immediate poll) once it
// is awake and online again. Two sources, one gate: the core is suspended while either reason holds.
import type { Clock, TimerHandle } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import type { VigilCore } from '../../core/app/vigil-core.ts';

export type SuspendReason = 'asleep' | 'offline';

export class SuspendGate {
  readonly #core: Pick<VigilCore, 'suspend' | 'resume'>;
  readonly #logger: Logger;
  readonly #reasons = new Set<SuspendReason>();

  constructor(core: Pick<VigilCore, 'suspend' | 'resume'>, logger: Logger) {
    this.#core = core;
    this.#logger = logger;
  }

  set(reason: SuspendReason, holds: boolean): void {
    const wasSuspended = this.#reasons.size > 0;
    if (holds) this.#reasons.add(reason);
    else this.#reasons.delete(reason);
    const suspended = this.#reasons.size > 0;
    if (suspended === wasSuspended) return;
    this.#logger.info(suspended ? `Polling paused: ${reason === 'asleep' ? 'the computer sleeps' : 'the network is gone'}.` : 'Polling resumed.');
    if (suspended) this.#core.suspend();
    else this.#core.resume();
  }
}

export interface PowerEvents {
  on(event: 'suspend' | 'resume', listener: () => void): unknown;
  removeListener(event: 'suspend' | 'resume', listener: () => void): unknown;
}

/** powerMonitor's suspend/resume drive the gate; returns the function that stops watching. */
export function watchPower(power: PowerEvents, gate: SuspendGate): () => void {
  const asleep = () => gate.set('asleep', true);
  const awake = () => gate.set('asleep', false);
  power.on('suspend', asleep);
  power.on('resume', awake);
  return () => {
    power.removeListener('suspend', asleep);
    power.removeListener('resume', awake);
  };
}

export interface OnlineWatchOptions {
  /** Electron's `net.isOnline()`: main has no online/offline event, so it is asked on a timer. */
  isOnline(): boolean;
  clock: Clock;
  gate: SuspendGate;
  intervalMs?: number;
}

const defaultOnlineIntervalMs = 5_000;

/** Checks now and then every few seconds; returns the function that stops watching. */
export function watchOnline(options: OnlineWatchOptions): () => void {
  const { clock, gate } = options;
  const interval = options.intervalMs ?? defaultOnlineIntervalMs;
  let timer: TimerHandle | undefined;
  const check = () => {
    gate.set('offline', !options.isOnline());
    timer = clock.setTimer(check, interval);
  };
  check();
  return () => {
    if (timer !== undefined) clock.clearTimer(timer);
  };
}
