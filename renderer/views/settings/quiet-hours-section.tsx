// Quiet hours: on or off first; turned on, the weekly ranges (days as chips, from and to; add or remove a range),
// where the schedule stands now in words, and whether critical problems still break through. Held notifications
// are summed up when quiet hours end. Saved with its own button; the core's refusals show at their fields.
import { useId, useState } from 'react';
import type { QuietHours } from '../../../common/ipc/alerting.ts';
import type { SettingsView } from '../../../common/ipc/settings.ts';
import { MAX_WEEKLY_RANGES, type WeeklyRange } from '../../../common/schedule/weekly-schedule.ts';
import { vigil } from '../../api/vigil-api.ts';
import { CheckboxField, sentence } from '../../components/fields.tsx';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { useNow } from '../../state/now-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { quietHoursErrors, quietHoursFieldsOf, rangeErrors } from './quiet-hours-values.ts';
import { quietStateText } from './quiet-preview.ts';
import { QuietRangeFields } from './quiet-range-fields.tsx';
import { sameDraft, SettingsForm } from './settings-form.tsx';

export interface QuietHoursSectionProps {
  settings: SettingsView;
  onSaved(settings: SettingsView): void;
}

/** A new range starts as weeknights, the commonest wish, to adjust rather than fill in. */
const anotherRange = (): WeeklyRange => ({ days: [1, 2, 3, 4, 5], start: '22:00', end: '07:00' });

export function QuietHoursSection({ settings, onSaved }: QuietHoursSectionProps) {
  const titleId = useId();
  const [draft, setDraft] = useState<QuietHours>(settings.quietHours);
  const check = useFormCheck(quietHoursErrors(draft), quietHoursFieldsOf);
  const now = useNow((state) => state.now);
  const { errors } = check;

  function change(patch: Partial<QuietHours>, ...fields: string[]) {
    setDraft({ ...draft, ...patch });
    check.forget(...fields);
  }

  function changeRange(index: number, range: WeeklyRange, field: string) {
    change({ ranges: draft.ranges.map((each, at) => (at === index ? range : each)) }, `ranges.${index}.${field}`, 'ranges');
  }

  async function save() {
    const saved = await tracked(() => vigil().updateSettings({ quietHours: draft }));
    onSaved(saved);
    setDraft(saved.quietHours);
    showInfo(draft.enabled ? 'Quiet hours saved.' : 'Quiet hours are off.');
  }

  const rangesValid = Object.keys(quietHoursErrors({ ...draft, enabled: true })).length === 0;
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section-head">
        <h2 id={titleId}>Quiet hours</h2>
        <p className="field-hint">Notifications are held, not lost: when quiet hours end, one summary says what happened and what is still wrong.</p>
      </div>
      <SettingsForm
        label="Quiet hours"
        check={check}
        save={save}
        submitLabel="Save quiet hours"
        dirty={!sameDraft(draft, settings.quietHours)}
        discard={() => setDraft(settings.quietHours)}
      >
        <CheckboxField label="Turn on quiet hours" hint={`In this computer’s time zone (${settings.timeZone}).`} checked={draft.enabled} onChange={(enabled) => change({ enabled })} />
        {draft.enabled && (
          <>
            <div className="quiet-ranges">
              {draft.ranges.map((range, index) => (
                <QuietRangeFields
                  // Ranges have no identity of their own; removing one re-renders those after it, which is cheap.
                  key={index}
                  index={index}
                  range={range}
                  errors={rangeErrors(errors, index)}
                  canRemove={draft.ranges.length > 1}
                  onChange={(next, field) => changeRange(index, next, field)}
                  onRemove={() => change({ ranges: draft.ranges.filter((_, at) => at !== index) }, 'ranges')}
                />
              ))}
            </div>
            {errors['ranges'] !== undefined && <p className="field-error">{sentence(errors['ranges'])}</p>}
            {draft.ranges.length < MAX_WEEKLY_RANGES && (
              <button type="button" className="button quiet-add" onClick={() => change({ ranges: [...draft.ranges, anotherRange()] }, 'ranges')}>
                Add a range
              </button>
            )}
            {/* Polite: it changes as the ranges are edited, and is read when it does, not on every keystroke's render. */}
            <p className="quiet-state" role="status">
              {rangesValid ? quietStateText(draft.ranges, settings.timeZone, now) : ''}
            </p>
            <CheckboxField
              label="Critical problems still break through"
              hint="A monitor down or a heartbeat down is told at once, even while quiet."
              checked={draft.criticalBreaksThrough}
              onChange={(criticalBreaksThrough) => change({ criticalBreaksThrough })}
            />
          </>
        )}
      </SettingsForm>
    </section>
  );
}
