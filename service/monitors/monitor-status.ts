// How one check result moves a monitor's last_status. Pure, so the rule is tested on its own.
import type { MonitorStatus } from '../../common/api/known.ts';

export interface MonitorState {
  status: MonitorStatus;
  consecutiveFailures: number;
}

/** What a notification should say; unknown → up is not news, so it is no change. */
export type StatusChange = 'down' | 'up';

export interface StatusTransition extends MonitorState {
  change: StatusChange | undefined;
}

/** One failed check is often a blip (a dropped packet, a restart); two in a row is an outage. */
export const defaultFailuresToConfirmDown = 2;

export const initialMonitorState: MonitorState = { status: 'unknown', consecutiveFailures: 0 };

export function nextStatus(
  current: MonitorState,
  ok: boolean,
  failuresToConfirmDown = defaultFailuresToConfirmDown,
): StatusTransition {
  if (!Number.isInteger(failuresToConfirmDown) || failuresToConfirmDown < 1) {
    throw new RangeError(`failuresToConfirmDown must be a whole number of at least 1, not ${failuresToConfirmDown}`);
  }
  if (ok) {
    return { status: 'up', consecutiveFailures: 0, change: current.status === 'down' ? 'up' : undefined };
  }
  const consecutiveFailures = current.consecutiveFailures + 1;
  if (current.status === 'down') return { status: 'down', consecutiveFailures, change: undefined };
  if (consecutiveFailures >= failuresToConfirmDown) return { status: 'down', consecutiveFailures, change: 'down' };
  return { status: current.status, consecutiveFailures, change: undefined };
}
