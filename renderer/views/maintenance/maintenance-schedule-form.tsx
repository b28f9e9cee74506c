// "Schedule…": a later one-off window (start, end) or a weekly one (days, times, time zone — the settings' by
// default), with an optional reason. Checked as typed once a save was tried; the core's refusals land at their
// fields. Shown inside the maintenance dialog, which it closes once the window is kept.
import { useState } from 'react';
import type { MaintenanceTarget } from '../../../common/ipc/alerting.ts';
import { vigil } from '../../api/vigil-api.ts';
import { toLocalInput } from '../../format/local-date-time.ts';
import { scheduledNotice } from './maintenance-text.ts';
import { useHeldInput } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { DayChips } from '../../components/day-chips.tsx';
import { FormError, TextField } from '../../components/fields.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { scheduleErrors, scheduleFieldsOf, scheduleTiming, type ScheduleDraft } from './schedule-values.ts';
import { useSettingsTimeZone } from './use-settings-time-zone.ts';

const hourMs = 3_600_000;

/** The zone is undefined until the person types one: until then the field follows the settings'. */
type TypedDraft = Omit<ScheduleDraft, 'timeZone'> & { timeZone?: string };

/** The hour after the next full hour, for an hour: a sensible start to change, not a blank to fill. */
function firstDraft(now: number): TypedDraft {
  const start = Math.ceil(now / hourMs) * hourMs + hourMs;
  return { repeats: false, startsAt: toLocalInput(start), endsAt: toLocalInput(start + hourMs), days: [1, 2, 3, 4, 5], start: '02:00', end: '04:00', reason: '' };
}

export interface MaintenanceScheduleFormProps {
  target: MaintenanceTarget;
  label: string;
  onDone(): void;
}

export function MaintenanceScheduleForm({ target, label, onDone }: MaintenanceScheduleFormProps) {
  const settingsTimeZone = useSettingsTimeZone();
  const [first] = useState(() => firstDraft(Date.now()));
  const [draft, setDraft] = useState(first);
  useHeldInput(draft !== first);
  const shown: ScheduleDraft = { ...draft, timeZone: draft.timeZone ?? settingsTimeZone };
  const check = useFormCheck(scheduleErrors(shown, Date.now()), scheduleFieldsOf);
  const { errors } = check;

  function change(patch: Partial<ScheduleDraft>, ...fields: string[]) {
    setDraft({ ...draft, ...patch });
    check.forget(...fields);
  }

  async function save() {
    const started = await tracked(() => vigil().startMaintenance(target, scheduleTiming(shown)));
    showInfo(scheduledNotice(label, shown.repeats, started, Date.now()));
    onDone();
  }

  return (
    <form className="form maintenance-schedule" aria-label="Schedule maintenance" noValidate onSubmit={(event) => void check.submit(event, save)}>
      <FormError message={check.failure} />
      <fieldset className="field">
        <legend>Happens</legend>
        <div className="segmented-choice">
          <label>
            <input type="radio" name="repeats" checked={!shown.repeats} onChange={() => change({ repeats: false })} /> Once
          </label>
          <label>
            <input type="radio" name="repeats" checked={shown.repeats} onChange={() => change({ repeats: true })} /> Every week
          </label>
        </div>
      </fieldset>
      {shown.repeats ? (
        <>
          <DayChips label="Days" days={shown.days} error={errors['days']} onChange={(days) => change({ days }, 'days')} />
          <div className="form-grid form-grid-3">
            <TextField label="From" type="time" value={shown.start} error={errors['start']} onChange={(event) => change({ start: event.target.value }, 'start')} />
            <TextField label="To" type="time" value={shown.end} error={errors['end']} hint="Earlier than From: the next day." onChange={(event) => change({ end: event.target.value }, 'end')} />
            <TextField label="Time zone" value={shown.timeZone} error={errors['timeZone']} verbatim onChange={(event) => change({ timeZone: event.target.value }, 'timeZone')} />
          </div>
        </>
      ) : (
        <div className="form-grid">
          <TextField label="Starts" type="datetime-local" value={shown.startsAt} error={errors['startsAt']} onChange={(event) => change({ startsAt: event.target.value }, 'startsAt')} />
          <TextField label="Ends" type="datetime-local" value={shown.endsAt} error={errors['endsAt']} onChange={(event) => change({ endsAt: event.target.value }, 'endsAt')} />
        </div>
      )}
      <TextField label="Reason (optional)" value={shown.reason} error={errors['reason']} hint="Shown with the window, e.g. “Router firmware update”." onChange={(event) => change({ reason: event.target.value }, 'reason')} />
      <FormActions saving={check.submitting} submitLabel="Schedule maintenance" savingLabel="Scheduling…" onCancel={onDone} />
    </form>
  );
}
