// Create a heartbeat: a name and how often the job pings (an amount and a unit, sent as seconds). Both are
// optional in the API; the form always sends the interval the user sees and leaves an empty name to the server.
// What is typed is kept as a draft until it is saved, whatever happens to the dialog. It goes to the server
// chosen in the form (asked when there is more than one).
import { checkInput, HEARTBEAT_DEFAULTS, heartbeatCreateInput, INPUT_LIMITS, type HeartbeatCreateBody } from '../../../common/api/index.ts';
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { DurationField, draftSeconds, durationDraft, type DurationDraft } from '../../components/duration-field.tsx';
import { TextField } from '../../components/fields.tsx';
import { ServerField } from '../../components/server-field.tsx';
import { useFormDraft } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { useHeartbeats } from '../../state/resources.ts';
import { serverChoiceErrors, useServerChoice } from '../../state/server-choice.ts';

interface HeartbeatDraft {
  name: string;
  interval: DurationDraft;
}

const formId = 'heartbeat:new';

function bodyOf(draft: HeartbeatDraft): HeartbeatCreateBody {
  const name = draft.name.trim();
  const expected_interval = draftSeconds(draft.interval);
  return name === '' ? { expected_interval } : { name, expected_interval };
}

function localErrors(draft: HeartbeatDraft): FieldErrors {
  const checked = checkInput(heartbeatCreateInput, bodyOf(draft));
  return checked.ok ? {} : fieldErrorsOf(checked.details);
}

export interface HeartbeatFormProps {
  onClose(): void;
  /** Called instead of onClose once the server has the heartbeat (the view then shows how to ping it). */
  onCreated(heartbeat: Heartbeat): void;
}

export function HeartbeatForm({ onClose, onCreated }: HeartbeatFormProps) {
  const form = useFormDraft<HeartbeatDraft>(formId, () => ({ name: '', interval: durationDraft(HEARTBEAT_DEFAULTS.expected_interval) }));
  const { draft } = form;
  const server = useServerChoice();
  const check = useFormCheck({ ...localErrors(draft), ...serverChoiceErrors(server) });
  const { errors } = check;

  function change(patch: Partial<HeartbeatDraft>, field: string) {
    form.setDraft({ ...draft, ...patch });
    check.forget(field);
  }

  async function save() {
    const body = bodyOf(draft);
    const connectionId = server.chosen?.id;
    if (connectionId === undefined) return;
    const shown = { name: body.name ?? HEARTBEAT_DEFAULTS.name, expected_interval: body.expected_interval };
    const saved = await form.save(() => useHeartbeats.getState().add(connectionId, shown, () => vigil().createHeartbeat(connectionId, body)));
    showInfo(`Heartbeat ${saved.name ?? body.name ?? HEARTBEAT_DEFAULTS.name} created.`);
    onCreated(saved);
  }

  const limits = INPUT_LIMITS.expectedIntervalSeconds;
  return (
    <DialogForm title="New heartbeat" draft={form} check={check} save={save} submitLabel="Create heartbeat" savingLabel="Creating…" onClose={onClose}>
      <ServerField choice={server} error={errors['server']} hint="It gives the ping URL and watches the pings." onChange={() => check.forget('server')} />
      <TextField
        label="Name"
        value={draft.name}
        error={errors['name']}
        hint={`What the job does, like “Nightly backup”. Left empty, it is called “${HEARTBEAT_DEFAULTS.name}”.`}
        maxLength={INPUT_LIMITS.nameMaxLength}
        autoFocus
        onChange={(event) => change({ name: event.target.value }, 'name')}
      />
      <DurationField
        label="Expected every"
        value={draft.interval}
        error={errors['expected_interval']}
        hint={`How often the job runs and pings: from ${limits.min} seconds to 366 days. It is late once a ping does not come in time.`}
        onChange={(interval) => change({ interval }, 'expected_interval')}
      />
    </DialogForm>
  );
}
