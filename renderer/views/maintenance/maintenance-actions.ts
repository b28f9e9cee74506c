// Starting and ending maintenance from a button: the call, then a notice saying what happened or why not. The
// core keeps the windows (the tray, the overview and a restart see them), and its next status shows them.
import type { MaintenanceSelector, MaintenanceTarget, MaintenanceTiming } from '../../../common/ipc/alerting.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { showError, showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';

/** `label` names what it covers ("API", "everything"); `howLong` finishes the sentence ("for 1 hour"). */
export async function startMaintenance(target: MaintenanceTarget, timing: MaintenanceTiming, label: string, howLong: string): Promise<void> {
  try {
    await tracked(() => vigil().startMaintenance(target, timing));
    showInfo(`Maintenance on ${label} ${howLong}: no alerts about it until then.`);
  } catch (error) {
    showError(`Maintenance on ${label} was not started: ${callFailureOf(error).message}`);
  }
}

/** Ends a window (by id) or every active one of a target; "Cancel" of an upcoming one is the same call. */
export async function endMaintenance(selector: MaintenanceSelector, label: string, done: string): Promise<void> {
  try {
    await tracked(() => vigil().endMaintenance(selector));
    showInfo(done);
  } catch (error) {
    showError(`Maintenance on ${label} was not ended: ${callFailureOf(error).message}`);
  }
}
