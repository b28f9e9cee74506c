// Create a notification handler: a name, a type and a destination checked for that type (an email address, a
// webhook URL). Vigil's own service takes email and webhook only; a remote server's types are offered as it uses
// them, and any other can be typed. What is typed is kept as a draft until it is saved, whatever happens to the
// dialog. It goes to the server chosen in the form (asked when there is more than one); the types follow it.
import { checkInput, INPUT_LIMITS, localNotificationHandlerCreateInput, notificationHandlerCreateInput } from '../../../common/api/index.ts';
import { fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { SelectField, TextField } from '../../components/fields.tsx';
import { AddressField, NameField } from '../../components/item-fields.tsx';
import { ServerField } from '../../components/server-field.tsx';
import { useFormDraft } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { useNavigation } from '../../state/navigation-store.ts';
import { showInfo } from '../../state/notices-store.ts';
import { useHandlers } from '../../state/resources.ts';
import { serverChoiceErrors, useServerChoice } from '../../state/server-choice.ts';
import { destinationFieldOf, OTHER_TYPE, typeChoices } from './handler-types.ts';

interface HandlerDraft {
  name: string;
  /** A type from the select, or OTHER_TYPE for the one in `otherType`. */
  type: string;
  otherType: string;
  destination: string;
}

const formId = 'handler:new';

function bodyOf(draft: HandlerDraft) {
  const type = draft.type === OTHER_TYPE ? draft.otherType.trim() : draft.type;
  return { name: draft.name.trim(), type, destination: draft.destination.trim() };
}

function localErrors(draft: HandlerDraft, local: boolean): FieldErrors {
  const checked = checkInput(local ? localNotificationHandlerCreateInput : notificationHandlerCreateInput, bodyOf(draft));
  return checked.ok ? {} : fieldErrorsOf(checked.details);
}

export interface HandlerFormProps {
  /** The existing handlers' types by server: a remote server's are offered as choices. */
  typesInUse: readonly { connectionId: string; type: string | undefined }[];
  onClose(): void;
}

export function HandlerForm({ typesInUse, onClose }: HandlerFormProps) {
  const form = useFormDraft<HandlerDraft>(formId, () => ({ name: '', type: 'email', otherType: '', destination: '' }));
  const server = useServerChoice();
  // Vigil's own service delivers only its own types.
  const local = server.chosen?.kind === 'local';
  const choices = typeChoices(local, typesInUse.filter((handler) => handler.connectionId === server.chosen?.id).map((handler) => handler.type));
  // A draft from another server may hold a type this one does not offer.
  const draft = choices.some((choice) => choice.value === form.draft.type) ? form.draft : { ...form.draft, type: choices[0]?.value ?? 'email' };
  const check = useFormCheck({ ...localErrors(draft, local), ...serverChoiceErrors(server) });
  const { errors } = check;
  const body = bodyOf(draft);

  function change(patch: Partial<HandlerDraft>) {
    form.setDraft({ ...draft, ...patch });
    // Either type input changes the type.
    check.forget(...Object.keys(patch).map((field) => (field === 'otherType' ? 'type' : field)));
  }

  async function save() {
    const connectionId = server.chosen?.id;
    if (connectionId === undefined) return;
    await form.save(() => useHandlers.getState().add(connectionId, body, () => vigil().createNotificationHandler(connectionId, body)));
    showInfo(`Notification handler ${body.name} created.`);
    onClose();
  }

  const smtpNote =
    local && draft.type === 'email' ? (
      <>
        Email needs the SMTP server set in Settings.{' '}
        <button type="button" className="link-button" onClick={() => useNavigation.getState().go('settings')}>
          Open Settings
        </button>
      </>
    ) : undefined;

  return (
    <DialogForm title="New notification handler" draft={form} check={check} save={save} submitLabel="Create handler" savingLabel="Creating…" onClose={onClose}>
      <ServerField choice={server} error={errors['server']} hint="It delivers the alerts of its own items." onChange={() => check.forget('server')} />
      <NameField value={draft.name} error={errors['name']} hint="How alerts name it, like “On-call email”." onChange={(name) => change({ name })} />
      <SelectField
        label="Type"
        value={draft.type}
        error={draft.type === OTHER_TYPE ? undefined : errors['type']}
        hint={smtpNote}
        options={choices}
        onChange={(event) => change({ type: event.target.value })}
      />
      {draft.type === OTHER_TYPE && (
        <TextField
          label="Other type"
          value={draft.otherType}
          error={errors['type']}
          hint="The type as the server names it, like slack or pagerduty."
          maxLength={INPUT_LIMITS.handlerTypeMaxLength}
          verbatim
          onChange={(event) => change({ otherType: event.target.value })}
        />
      )}
      <AddressField
        words={destinationFieldOf(body.type)}
        value={draft.destination}
        error={errors['destination']}
        maxLength={INPUT_LIMITS.destinationMaxLength}
        onChange={(address) => change({ destination: address })}
      />
    </DialogForm>
  );
}
