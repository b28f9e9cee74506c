// "Maintenance ▸ 30 min / 1 h / 2 h / Until I end it / Schedule…" for an item, a server or everything: one button
// that opens a dialog of those choices; "Schedule…" unfolds the form for a later or weekly window in the same
// dialog, so the quick choices stay one click away and the fields appear only when asked for.
import { useState } from 'react';
import type { MaintenanceTarget, MaintenanceTiming } from '../../../common/ipc/alerting.ts';
import { startMaintenance } from './maintenance-actions.ts';
import { Dialog } from '../../components/dialog.tsx';
import { MaintenanceScheduleForm } from './maintenance-schedule-form.tsx';
import { ChoiceButtons } from '../../components/choice-buttons.tsx';

const quickChoices: readonly { label: string; howLong: string; timing: MaintenanceTiming }[] = [
  { label: '30 min', howLong: 'for 30 minutes', timing: { forMinutes: 30 } },
  { label: '1 h', howLong: 'for 1 hour', timing: { forMinutes: 60 } },
  { label: '2 h', howLong: 'for 2 hours', timing: { forMinutes: 120 } },
  { label: 'Until I end it', howLong: 'until you end it', timing: { endsAt: null } },
];

export interface MaintenanceControlProps {
  target: MaintenanceTarget;
  /** What it covers, in words: "API", "everything on Work", "everything". */
  label: string;
  /** A row's small button rather than a page's. */
  small?: boolean;
  disabled?: boolean;
}

export function MaintenanceControl({ target, label, small = false, disabled = false }: MaintenanceControlProps) {
  const [asking, setAsking] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const close = () => {
    setAsking(false);
    setScheduling(false);
  };
  return (
    <>
      <button type="button" className={small ? 'button button-small' : 'button'} disabled={disabled} aria-haspopup="dialog" aria-label={`Maintenance for ${label}`} onClick={() => setAsking(true)}>
        Maintenance
      </button>
      {asking && (
        <Dialog title={`Maintenance for ${label}`} onClose={close} wide={scheduling}>
          <p className="dialog-body">No alerts about {label}, and it does not count as a problem, for:</p>
          <div className="dialog-choices maintenance-choices">
            <ChoiceButtons
              choices={quickChoices}
              onChoose={(choice) => {
                close();
                void startMaintenance(target, choice.timing, label, choice.howLong);
              }}
            />
            <button type="button" className="button" aria-expanded={scheduling} onClick={() => setScheduling(!scheduling)}>
              Schedule…
            </button>
          </div>
          {scheduling ? (
            <MaintenanceScheduleForm target={target} label={label} onDone={close} />
          ) : (
            <div className="dialog-actions">
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
            </div>
          )}
        </Dialog>
      )}
    </>
  );
}
