// What is told of a monitor still down when maintenance stops covering it — decided and worded once for the
// service's own alerts (webhook, email), Vigil's notifications and `vigil watch`, so each of them tells the same
// items with the same duration, whatever each of them saw or told before:
//
// - every monitor a window covered that is down when the window ends is told once, "API is still down after
//   maintenance", even one told down before the window began: the end of maintenance is when it was expected back;
// - how long it has been down is counted from when its outage began (the service's `status_since`; before any
//   maintenance, if it began then) to when the window ended, not to when a client's next poll heard of the end.
import { formatDuration } from '../format/duration.ts';

/** How long an outage had lasted when maintenance ended: from its start to the window's end, never negative. */
export function outageLastedAtMaintenanceEnd(outageBegan: number, maintenanceEnded: number): number {
  return Math.max(0, maintenanceEnded - outageBegan);
}

/** "API is still down after maintenance": `state` is what the item still is ("down", "late", "failing"). */
export function stillAfterMaintenanceTitle(name: string, state: string): string {
  return `${name} is still ${state} after maintenance`;
}

/** "down for 9 min when maintenance ended": the duration as every channel words it. */
export function lastedAtMaintenanceEndWords(state: string, outageBegan: number, maintenanceEnded: number): string {
  return `${state} for ${formatDuration(outageLastedAtMaintenanceEnd(outageBegan, maintenanceEnded))} when maintenance ended`;
}
