// Alerting defaults: "Tell me only if down for N minutes" for every item without a rule of its own, and when a
// monitor counts as flapping (more than N changes in M minutes: one alert, then quiet until it settles).
import { useId, useState } from 'react';
import { ALERTING_BOUNDS, type AlertingDefaults } from '../../../common/ipc/alerting.ts';
import type { SettingsView } from '../../../common/ipc/settings.ts';
import type { FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { TextField } from '../../components/fields.tsx';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { sameDraft, SettingsForm } from './settings-form.tsx';

interface AlertingDraft {
  delayMinutes: string;
  changes: string;
  minutes: string;
}

const bounds = { delayMinutes: ALERTING_BOUNDS.delayMinutes, changes: ALERTING_BOUNDS.flappingChanges, minutes: ALERTING_BOUNDS.flappingMinutes };
const units = { delayMinutes: 'minutes', changes: 'changes', minutes: 'minutes' };

function alertingErrors(draft: AlertingDraft): FieldErrors {
  const errors: Record<string, string> = {};
  for (const field of ['delayMinutes', 'changes', 'minutes'] as const) {
    const { min, max } = bounds[field];
    const value = Number(draft[field]);
    if (draft[field].trim() === '' || !Number.isInteger(value) || value < min || value > max) errors[field] = `must be a whole number of ${units[field]} from ${min} to ${max}`;
  }
  return errors;
}

/** "alerting.flapping.changes" → "changes". */
const alertingFieldsOf = (fields: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(fields).map(([field, message]) => [field.replace(/^alerting\.(flapping\.)?/, ''), message]));

const draftOf = (alerting: AlertingDefaults): AlertingDraft => ({ delayMinutes: String(alerting.delayMinutes), changes: String(alerting.flapping.changes), minutes: String(alerting.flapping.minutes) });

export function AlertingDefaultsSection({ settings, onSaved }: { settings: SettingsView; onSaved(settings: SettingsView): void }) {
  const titleId = useId();
  const [draft, setDraft] = useState(() => draftOf(settings.alerting));
  const check = useFormCheck(alertingErrors(draft), alertingFieldsOf);
  const { errors } = check;

  function change(field: keyof AlertingDraft, value: string) {
    setDraft({ ...draft, [field]: value });
    check.forget(field);
  }

  async function save() {
    const alerting = { delayMinutes: Number(draft.delayMinutes), flapping: { changes: Number(draft.changes), minutes: Number(draft.minutes) } };
    const saved = await tracked(() => vigil().updateSettings({ alerting }));
    onSaved(saved);
    setDraft(draftOf(saved.alerting));
    showInfo('Alerting defaults saved.');
  }

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section-head">
        <h2 id={titleId}>Alerting defaults</h2>
        <p className="field-hint">For every item without rules of its own (an item’s page can change them).</p>
      </div>
      <SettingsForm
        label="Alerting defaults"
        check={check}
        save={save}
        submitLabel="Save alerting defaults"
        dirty={!sameDraft(draft, draftOf(settings.alerting))}
        discard={() => setDraft(draftOf(settings.alerting))}
      >
        <TextField
          className="field-narrow"
          label="Tell me only if down for (minutes)"
          type="number"
          inputMode="numeric"
          value={draft.delayMinutes}
          error={errors['delayMinutes']}
          hint="A problem that clears up sooner is not told at all. 0 tells at once."
          onChange={(event) => change('delayMinutes', event.target.value)}
        />
        <fieldset className="field">
          <legend>Flapping</legend>
          <div className="form-grid form-grid-pair">
            <TextField label="More than (changes)" type="number" inputMode="numeric" value={draft.changes} error={errors['changes']} onChange={(event) => change('changes', event.target.value)} />
            <TextField label="Within (minutes)" type="number" inputMode="numeric" value={draft.minutes} error={errors['minutes']} onChange={(event) => change('minutes', event.target.value)} />
          </div>
          <p className="field-hint">A monitor that changes state that often raises one “flapping” alert, then stays quiet until it has been stable as long, and says how it settled.</p>
        </fieldset>
      </SettingsForm>
    </section>
  );
}
