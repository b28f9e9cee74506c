// How often Vigil asks the server, when a domain's expiry is worth an alert, and how late a heartbeat may be:
// typed freely, checked with the core's own rules after the first try to save, kept as a draft until saved.
import { SETTINGS_BOUNDS, type SettingsView } from '../../../common/ipc/settings.ts';
import { vigil } from '../../api/vigil-api.ts';
import { DurationField } from '../../components/duration-field.tsx';
import { TextField } from '../../components/fields.tsx';
import { useDraft, useDrafts } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { sameDraft, SettingsForm } from './settings-form.tsx';
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
  const values = pollingValuesOf(draft);
  const check = useFormCheck(pollingErrors(draft), bySetting);
  const { errors } = check;

  function change(patch: Partial<PollingDraft>, setting: string) {
    setDraft({ ...draft, ...patch });
    check.forget(setting);
  }

  async function save() {
    const patch = changedSettings(values, draft.base);
    if (Object.keys(patch).length > 0) onSaved(await tracked(() => vigil().updateSettings(patch)));
    clearDraft(draftId);
    showInfo('Polling and alert settings saved.');
  }

  return (
    <SettingsForm
      label="Polling"
      check={check}
      save={save}
      submitLabel="Save polling settings"
      dirty={!sameDraft(draft, pollingDraftOf(settings))}
      discard={() => clearDraft(draftId)}
    >
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
    </SettingsForm>
  );
}
