// Snoozes (per item) and the global pause silence alerts; the policy keeps tracking state underneath,
// so lifting them never replays old news.
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';

/** `until` is epoch ms, or 'resumed' for "until I resume it". */
export interface Snooze {
  key: string;
  until: number | 'resumed';
}

/** Epoch ms, 'resumed' for "until I resume" (as the settings store it), or undefined when not paused. */
export type PausedUntil = number | 'resumed' | undefined;

export function isSnoozeActive(snooze: Snooze, now: number): boolean {
  return snooze.until === 'resumed' || now < snooze.until;
}

/** The active snoozes by item key; when one key is snoozed twice the later end wins. */
export function activeSnoozes(snoozes: readonly Snooze[], now: number): Map<string, number | 'resumed'> {
  const active = new Map<string, number | 'resumed'>();
  for (const snooze of snoozes) {
    if (!isSnoozeActive(snooze, now)) continue;
    const existing = active.get(snooze.key);
    if (existing === 'resumed') continue;
    if (existing === undefined || snooze.until === 'resumed' || snooze.until > existing) {
      active.set(snooze.key, snooze.until);
    }
  }
  return active;
}

export function isPaused(pausedUntil: PausedUntil, now: number): boolean {
  return pausedUntil === 'resumed' || (pausedUntil !== undefined && now < pausedUntil);
}

/** One connection's snoozes by its own item keys: the settings keep them by server item key (`work/monitor:42`). */
export function snoozesOn(connectionId: string, snoozes: readonly Snooze[]): Snooze[] {
  const own: Snooze[] = [];
  for (const snooze of snoozes) {
    const ref = parseServerItemKey(snooze.key);
    if (ref?.connectionId === connectionId) own.push({ key: ref.itemKey, until: snooze.until });
  }
  return own;
}
