// Create a heartbeat: a name and when the job runs. Every server takes "every so often" (an amount and a unit,
// sent as seconds); a server with the `cron` extension (docs/api-decisions.md §16) also takes a cron schedule in a
// time zone, previewed in words as it is typed, and, disclosed on request, a grace and a longest run. The API
// takes every field as optional; the form always sends the timing the user sees and leaves an empty name to the
// server, and what a person writes about the job (its annotation fields) only when written. What is typed is kept as a draft until it is saved, whatever happens to the dialog. It goes to the server
// chosen in the form (asked when there is more than one).
import { useEffect, useId, useRef, useState } from 'react';
import { checkInput, HEARTBEAT_DEFAULTS, HEARTBEAT_LIMITS, heartbeatCreateInput, INPUT_LIMITS, type HeartbeatCreateBody } from '../../../common/api/index.ts';
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { localTimeZone } from '../../../common/schedule/weekly-schedule.ts';
import { fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { AnnotationFields, annotationDraftOf, annotationErrors, annotationsToCreate, type AnnotationDraft } from '../../components/annotation-fields.tsx';
import { DialogForm } from '../../components/dialog-form.tsx';
import { DurationField, draftSeconds, durationDraft, durationErrors, type DurationDraft } from '../../components/duration-field.tsx';
import { sentence, TextField } from '../../components/fields.tsx';
import { NameField } from '../../components/item-fields.tsx';
import { ServerField } from '../../components/server-field.tsx';
import { useFormDraft } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { useNow } from '../../state/now-store.ts';
import { useHeartbeats } from '../../state/resources.ts';
import { takesCron } from '../../state/server-capabilities.ts';
import { serverChoiceErrors, useServerChoice } from '../../state/server-choice.ts';
import { schedulePreview } from './schedule-preview.ts';

type Timing = 'interval' | 'schedule';

interface HeartbeatDraft {
  name: string;
  expected_interval: DurationDraft;
  timing: Timing;
  schedule: string;
  /** Undefined until typed: the computer's zone. */
  timezone?: string;
  /** An empty amount: the server's default. */
  grace_seconds: DurationDraft;
  max_runtime_seconds: DurationDraft;
  /** Its annotation fields' text, by key. */
  annotations: AnnotationDraft;
}

const formId = 'heartbeat:new';
const emptyDuration: DurationDraft = { amount: '', unit: 'minutes' };

const optionalSeconds = (draft: DurationDraft) => (draft.amount.trim() === '' ? undefined : draftSeconds(draft));

function bodyOf(draft: HeartbeatDraft, cron: boolean): HeartbeatCreateBody {
  const name = draft.name.trim();
  const named = { ...(name === '' ? {} : { name }), ...annotationsToCreate('heartbeat', draft.annotations) };
  if (!cron) return { ...named, expected_interval: draftSeconds(draft.expected_interval) };
  const timing = draft.timing === 'schedule' ? { schedule: draft.schedule, timezone: (draft.timezone ?? localTimeZone()).trim() } : { expected_interval: draftSeconds(draft.expected_interval) };
  const grace = optionalSeconds(draft.grace_seconds);
  const maxRuntime = optionalSeconds(draft.max_runtime_seconds);
  return { ...named, ...timing, ...(grace === undefined ? {} : { grace_seconds: grace }), ...(maxRuntime === undefined ? {} : { max_runtime_seconds: maxRuntime }) };
}

function localErrors(draft: HeartbeatDraft, cron: boolean): FieldErrors {
  const checked = checkInput(heartbeatCreateInput, bodyOf(draft, cron));
  const sent = (duration: DurationDraft) => (cron && duration.amount.trim() !== '' ? duration : undefined);
  const amounts = durationErrors({
    expected_interval: cron && draft.timing === 'schedule' ? undefined : draft.expected_interval,
    grace_seconds: sent(draft.grace_seconds),
    max_runtime_seconds: sent(draft.max_runtime_seconds),
  });
  return { ...(checked.ok ? {} : fieldErrorsOf(checked.details)), ...amounts, ...annotationErrors('heartbeat', draft.annotations) };
}

export interface HeartbeatFormProps {
  onClose(): void;
  /** Called instead of onClose once the server has the heartbeat (the view then shows how to ping it). */
  onCreated(heartbeat: Heartbeat, connectionId: string): void;
}

export function HeartbeatForm({ onClose, onCreated }: HeartbeatFormProps) {
  const form = useFormDraft<HeartbeatDraft>(formId, () => ({
    name: '',
    expected_interval: durationDraft(HEARTBEAT_DEFAULTS.expected_interval),
    timing: 'interval',
    schedule: '',
    grace_seconds: emptyDuration,
    max_runtime_seconds: emptyDuration,
    annotations: annotationDraftOf('heartbeat', undefined),
  }));
  const { draft } = form;
  const server = useServerChoice();
  const cron = takesCron(server.chosen);
  const check = useFormCheck({ ...localErrors(draft, cron), ...serverChoiceErrors(server) });
  const { errors } = check;

  function change(patch: Partial<HeartbeatDraft>, field: string) {
    form.setDraft({ ...draft, ...patch });
    check.forget(field);
  }

  async function save() {
    const body = bodyOf(draft, cron);
    const connectionId = server.chosen?.id;
    if (connectionId === undefined) return;
    const shown: Heartbeat = { ...body, name: body.name ?? HEARTBEAT_DEFAULTS.name };
    const saved = await form.save(() => useHeartbeats.getState().add(connectionId, shown, () => vigil().createHeartbeat(connectionId, body)));
    showInfo(`Heartbeat ${saved.name ?? body.name ?? HEARTBEAT_DEFAULTS.name} created.`);
    onCreated(saved, connectionId);
  }

  // Open from the start when a kept draft has a grace or a longest run, and opened by an error in them; otherwise
  // as the user leaves it (clearing a field must not fold it away under the cursor).
  const more = useRef<HTMLDetailsElement>(null);
  const [openAtFirst] = useState(() => draft.grace_seconds.amount !== '' || draft.max_runtime_seconds.amount !== '');
  const hiddenError = errors['grace_seconds'] ?? errors['max_runtime_seconds'];
  useEffect(() => {
    if (hiddenError !== undefined && more.current !== null) more.current.open = true;
  }, [hiddenError]);

  const limits = INPUT_LIMITS.expectedIntervalSeconds;
  const scheduled = cron && draft.timing === 'schedule';
  const intervalField = (
    <DurationField
      label="Expected every"
      value={draft.expected_interval}
      error={errors['expected_interval']}
      hint={`How often the job runs and pings: from ${limits.min} seconds to 366 days. It is late once a ping does not come in time.`}
      onChange={(interval) => change({ expected_interval: interval }, 'expected_interval')}
    />
  );
  return (
    <DialogForm title="New heartbeat" draft={form} check={check} save={save} submitLabel="Create heartbeat" savingLabel="Creating…" onClose={onClose}>
      <ServerField choice={server} error={errors['server']} hint="It gives the ping URL and watches the pings." onChange={() => check.forget('server')} />
      <NameField
        value={draft.name}
        error={errors['name']}
        hint={`What the job does, like “Nightly backup”. Left empty, it is called “${HEARTBEAT_DEFAULTS.name}”.`}
        onChange={(name) => change({ name }, 'name')}
      />
      {cron && (
        <fieldset className="field">
          <legend>The job runs</legend>
          <div className="segmented-choice">
            <label>
              <input type="radio" name="heartbeat-timing" checked={!scheduled} onChange={() => change({ timing: 'interval' }, 'schedule')} /> Every …
            </label>
            <label>
              <input type="radio" name="heartbeat-timing" checked={scheduled} onChange={() => change({ timing: 'schedule' }, 'expected_interval')} /> On a schedule
            </label>
          </div>
        </fieldset>
      )}
      {scheduled ? <ScheduleFields draft={draft} errors={errors} change={change} /> : intervalField}
      {cron && (
        <details ref={more} className="form-more" open={openAtFirst || undefined}>
          <summary>Grace and longest run</summary>
          <div className="form-more-fields">
            <DurationField
              label="Grace"
              value={draft.grace_seconds}
              error={errors['grace_seconds']}
              hint={`How long after the expected time it may stay silent before it is late, from ${HEARTBEAT_LIMITS.graceSeconds.min} seconds. Left empty: the server’s grace.`}
              onChange={(grace) => change({ grace_seconds: grace }, 'grace_seconds')}
            />
            <DurationField
              label="Longest run"
              value={draft.max_runtime_seconds}
              error={errors['max_runtime_seconds']}
              hint="How long a run may take from its start ping before it counts as too long, up to 30 days. Left empty: no limit."
              onChange={(maxRuntime) => change({ max_runtime_seconds: maxRuntime }, 'max_runtime_seconds')}
            />
          </div>
        </details>
      )}
      <AnnotationFields
        kind="heartbeat"
        connectionId={server.chosen?.id}
        draft={draft.annotations}
        errors={errors}
        onChange={(key, text) => change({ annotations: { ...draft.annotations, [key]: text } }, key)}
      />
    </DialogForm>
  );
}

interface ScheduleFieldsProps {
  draft: HeartbeatDraft;
  errors: FieldErrors;
  change(patch: Partial<HeartbeatDraft>, field: string): void;
}

/** The cron field with its live preview, and the time zone it is read in (the computer's until another is typed). */
function ScheduleFields({ draft, errors, change }: ScheduleFieldsProps) {
  const now = useNow((state) => state.now);
  const zonesId = useId();
  const here = localTimeZone();
  const timeZone = draft.timezone ?? here;
  const preview = draft.schedule.trim() === '' ? undefined : schedulePreview(draft.schedule, timeZone, now, here);
  // Once a save was tried the problem is the field's error; until then the preview says it as it is typed.
  const previewText = preview === undefined ? 'Minute, hour, day of month, month, day of week: “30 2 * * 1-5” is every weekday at 02:30.' : preview.ok ? sentence(preview.text) : errors['schedule'] === undefined ? sentence(preview.problem) : undefined;
  return (
    <div className="form-grid form-grid-schedule">
      <TextField
        label="Schedule (cron)"
        value={draft.schedule}
        error={errors['schedule']}
        hint={previewText === undefined ? undefined : <span aria-live="polite" className={preview?.ok === false ? 'schedule-problem' : 'schedule-preview'}>{previewText}</span>}
        placeholder="30 2 * * 1-5"
        verbatim
        maxLength={HEARTBEAT_LIMITS.scheduleMaxLength}
        onChange={(event) => change({ schedule: event.target.value }, 'schedule')}
      />
      <TextField
        label="Time zone"
        value={timeZone}
        error={errors['timezone']}
        hint="Where the schedule’s times are read."
        verbatim
        list={zonesId}
        onChange={(event) => change({ timezone: event.target.value }, 'timezone')}
      />
      <datalist id={zonesId}>
        {Intl.supportedValuesOf('timeZone').map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </div>
  );
}
