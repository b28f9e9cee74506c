// How often Vigil asks the server, when a domain's expiry is worth an alert, and how late a heartbeat may be:
// typed freely, checked with the core's own rules after the first try to save, kept as a draft until saved.
import { useState, type FormEvent } from 'react';
import { SETTINGS_BOUNDS, type SettingsView } from '../../../common/ipc/settings.ts';
import { callFailureOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { DurationField } from '../../components/duration-field.tsx';
import { FormError, TextField } from '../../components/fields.tsx';
import { useDraft, useDrafts } from '../../state/drafts-store.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { bySetting, changedSettings, pollingDraftOf, pollingErrors, pollingValuesOf, type PollingDraft } from './polling-values.ts';

const draftId = 'settings:polling';
const { pollIntervalSeconds: poll, domainThresholdDays: days } = SETTINGS_BOUNDS;

export interface PollingFormProps {
  settings: SettingsView;
  onSaved(settings: SettingsView): void;
}

export function PollingForm({ settings, onSaved }: PollingFormProps) {
  const [draft, setDraft] = useDraft(draftId, () => pollingDraftOf(settings));
  const clearDraft = useDrafts((state) => state.clear);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();

  const values = pollingValuesOf(draft);
  const errors = tried ? { ...pollingErrors(values), ...serverErrors } : serverErrors;

  function change(patch: Partial<PollingDraft>, setting: string) {
    setDraft({ ...draft, ...patch });
    const { [setting]: _fixed, ...rest } = serverErrors;
    setServerErrors(rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (Object.keys(pollingErrors(values)).length > 0) return;
    const patch = changedSettings(values, draft.base);
    setSaving(true);
    try {
      if (Object.keys(patch).length > 0) onSaved(await tracked(() => vigil().updateSettings(patch)));
      clearDraft(draftId);
      setTried(false);
      showInfo('Polling and alert settings saved.');
    } catch (error) {
      const failed = callFailureOf(error);
      setServerErrors(bySetting(failed.fields));
      setFailure(failed.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="form" aria-label="Polling" noValidate onSubmit={(event) => void submit(event)}>
      <FormError message={failure} />
      <div className="form-grid">
        <DurationField
          label="Poll interval"
          value={draft.pollInterval}
          error={errors['pollIntervalSeconds']}
          hint={`How often Vigil asks the server for news: from ${poll.min} seconds to 1 hour.`}
          units={['seconds', 'minutes', 'hours']}
          onChange={(pollInterval) => change({ pollInterval }, 'pollIntervalSeconds')}
        />
        <DurationField
          label="Heartbeat grace"
          value={draft.heartbeatGrace}
          error={errors['heartbeatGraceSeconds']}
          hint="How long past its expected ping a heartbeat may be before it counts as late (up to 1 day)."
          units={['seconds', 'minutes', 'hours']}
          onChange={(heartbeatGrace) => change({ heartbeatGrace }, 'heartbeatGraceSeconds')}
        />
      </div>
      <TextField
        label="Domain expiry alerts (days before)"
        value={draft.thresholds}
        error={errors['domainThresholds']}
        hint={`Largest first, separated by commas, e.g. 30, 14, 7, 1 (up to ${days.maxCount}, each ${days.min} to ${days.max} days). One alert at each.`}
        inputMode="numeric"
        spellCheck={false}
        onChange={(event) => change({ thresholds: event.target.value }, 'domainThresholds')}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save polling settings'}
        </button>
      </div>
    </form>
  );
}
