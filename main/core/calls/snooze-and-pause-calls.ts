// The contract's snooze, acknowledge and pause calls (one item on one server by its server item key, or every
// notification): kept in the settings (so the CLI and a restart see them); the settings change brings a status event.
import type { CheckedArgs, CoreCalls } from '../../../common/ipc/contract.ts';
import { isSnoozeActive, type Snooze } from '../alerts/index.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { withAcknowledgement, withoutAcknowledgements } from '../settings/acknowledgement-settings.ts';
import { serverItemRef } from './server-item-ref.ts';

const hourMs = 3_600_000;
const durationMs = { '1h': hourMs, '4h': 4 * hourMs, '8h': 8 * hourMs } as const;

/** Epoch ms the silence ends, or 'resumed' for "until I resume it". */
function until(duration: CheckedArgs<'snooze'>[1], now: number): number | 'resumed' {
  return duration === 'until-resumed' ? 'resumed' : now + durationMs[duration];
}

export function snoozeAndPauseCalls(runtime: CoreRuntime) {
  const { settings, clock } = runtime;
  /** Snoozes that are over are dropped whenever the list is written. */
  const withoutKey = (snoozes: readonly Snooze[], key: string, now: number) =>
    snoozes.filter((snooze) => snooze.key !== key && isSnoozeActive(snooze, now));

  return {
    async snooze(key, duration) {
      serverItemRef(key, settings.read());
      const now = clock.now();
      settings.update((current) => ({ ...current, snoozes: [...withoutKey(current.snoozes, key, now), { key, until: until(duration, now) }] }));
    },
    async unsnooze(key) {
      const now = clock.now();
      settings.update((current) => ({ ...current, snoozes: withoutKey(current.snoozes, key, now) }));
    },
    async acknowledge(key) {
      serverItemRef(key, settings.read());
      const now = clock.now();
      settings.update((current) => withAcknowledgement(current, key, now));
    },
    async unacknowledge(key) {
      settings.update((current) => withoutAcknowledgements(current, [{ key }]));
    },
    async pauseNotifications(duration) {
      const pausedUntil = until(duration, clock.now());
      settings.update((current) => ({ ...current, pausedUntil }));
    },
    async resumeNotifications() {
      settings.update((current) => {
        const { pausedUntil: _lifted, ...rest } = current;
        return rest;
      });
    },
  } satisfies Partial<CoreCalls>;
}
