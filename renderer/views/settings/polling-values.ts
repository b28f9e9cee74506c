// The polling form's draft and the settings it stands for (pure): durations as amount and unit, thresholds as
// the text "30, 14, 7, 1", checked with the same schema the core uses.
import { checkInput } from '../../../common/api/index.ts';
import { settingsPatchSchema, type SettingsPatch, type SettingsView } from '../../../common/ipc/settings.ts';
import { fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';
import { draftSeconds, durationDraft, durationErrors, type DurationDraft } from '../../components/duration-field.tsx';

export interface PollingValues {
  pollIntervalSeconds: number;
  domainThresholds: number[];
  heartbeatGraceSeconds: number;
}

export interface PollingDraft {
  pollInterval: DurationDraft;
  thresholds: string;
  heartbeatGrace: DurationDraft;
  /** The saved values the draft started from: what the user did not change is not sent. */
  base: PollingValues;
}

export function pollingDraftOf(settings: SettingsView): PollingDraft {
  return {
    pollInterval: durationDraft(settings.pollIntervalSeconds),
    thresholds: settings.domainThresholds.join(', '),
    heartbeatGrace: durationDraft(settings.heartbeatGraceSeconds),
    base: {
      pollIntervalSeconds: settings.pollIntervalSeconds,
      domainThresholds: settings.domainThresholds,
      heartbeatGraceSeconds: settings.heartbeatGraceSeconds,
    },
  };
}

/** "30, 14 7" → [30, 14, 7]; a word that is not a number becomes NaN, which the schema refuses. */
function parseThresholds(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter((word) => word !== '')
    .map(Number);
}

export function pollingValuesOf(draft: PollingDraft): PollingValues {
  return {
    pollIntervalSeconds: draftSeconds(draft.pollInterval),
    domainThresholds: parseThresholds(draft.thresholds),
    heartbeatGraceSeconds: draftSeconds(draft.heartbeatGrace),
  };
}

/**
 * One message per setting: a threshold's issue is named by its place in the list ("domainThresholds.2"), and
 * the form shows it at the whole list.
 */
export function bySetting(fields: FieldErrors): FieldErrors {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) errors[field.split('.')[0] ?? field] ??= message;
  return errors;
}

export function pollingErrors(draft: PollingDraft): FieldErrors {
  const checked = checkInput(settingsPatchSchema, pollingValuesOf(draft));
  const amounts = durationErrors({ pollIntervalSeconds: draft.pollInterval, heartbeatGraceSeconds: draft.heartbeatGrace });
  return { ...(checked.ok ? {} : bySetting(fieldErrorsOf(checked.details))), ...amounts };
}

/**
 * Only the settings the user changed from the values the draft started from, so saving never undoes a change
 * made meanwhile elsewhere (the tray, the CLI, another tab) to a setting the user left alone.
 */
export function changedSettings(values: PollingValues, base: PollingValues): SettingsPatch {
  const patch: SettingsPatch = {};
  if (values.pollIntervalSeconds !== base.pollIntervalSeconds) patch.pollIntervalSeconds = values.pollIntervalSeconds;
  if (values.domainThresholds.join() !== base.domainThresholds.join()) patch.domainThresholds = values.domainThresholds;
  if (values.heartbeatGraceSeconds !== base.heartbeatGraceSeconds) patch.heartbeatGraceSeconds = values.heartbeatGraceSeconds;
  return patch;
}
