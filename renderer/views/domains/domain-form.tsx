// Add a domain to watch. Any script is accepted ("bücher.example"), and a pasted URL is taken for its host; the
// hint shows the ASCII form that will be stored, so nobody is surprised by "xn--bcher-kva.example" in the list.
// What a person writes about it (its annotation fields) goes with it when written. What is typed is kept as a draft until it is saved, whatever happens to the dialog. It goes to the server
// chosen in the form (asked when there is more than one).
import { checkInput, domainCreateInput, INPUT_LIMITS } from '../../../common/api/index.ts';
import { fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { AnnotationFields, annotationDraftOf, annotationErrors, annotationsToCreate } from '../../components/annotation-fields.tsx';
import { DialogForm } from '../../components/dialog-form.tsx';
import { TextField } from '../../components/fields.tsx';
import { ServerField } from '../../components/server-field.tsx';
import { useFormDraft } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { useDomains } from '../../state/resources.ts';
import { serverChoiceErrors, useServerChoice } from '../../state/server-choice.ts';

const formId = 'domain:new';

type Checked = { ok: true; domain: string } | { ok: false; errors: FieldErrors };

/** The form's check, and the normalised name the contract would store (the same schema runs again there). */
function checked(typed: string): Checked {
  const result = checkInput(domainCreateInput, { domain: typed });
  return result.ok ? { ok: true, domain: result.value.domain } : { ok: false, errors: fieldErrorsOf(result.details) };
}

function hintOf(typed: string, result: Checked): string {
  const plain = 'The registered name, like example.com. Names in any script, like bücher.example, are fine.';
  if (!result.ok || result.domain === typed.trim()) return plain;
  return `Saved as ${result.domain}`;
}

export function DomainForm({ onClose }: { onClose(): void }) {
  const form = useFormDraft(formId, () => ({ domain: '', annotations: annotationDraftOf('domain', undefined) }));
  const { draft } = form;
  const result = checked(draft.domain);
  const server = useServerChoice();
  const check = useFormCheck({ ...(result.ok ? {} : result.errors), ...annotationErrors('domain', draft.annotations), ...serverChoiceErrors(server) });

  async function save() {
    const connectionId = server.chosen?.id;
    if (!result.ok || connectionId === undefined) return;
    const body = { domain: result.domain, ...annotationsToCreate('domain', draft.annotations) };
    const { domain } = body;
    await form.save(() => useDomains.getState().add(connectionId, body, () => vigil().createDomain(connectionId, body)));
    showInfo(`${domain} added. Its expiry appears once the registry has answered.`);
    onClose();
  }

  return (
    <DialogForm title="Add domain" draft={form} check={check} save={save} submitLabel="Add domain" savingLabel="Adding…" onClose={onClose}>
      <ServerField choice={server} error={check.errors['server']} hint="It looks up the expiry and warns you." onChange={() => check.forget('server')} />
      <TextField
        label="Domain"
        value={draft.domain}
        error={check.errors['domain']}
        hint={hintOf(draft.domain, result)}
        placeholder="example.com"
        maxLength={INPUT_LIMITS.urlMaxLength}
        verbatim
        autoFocus
        onChange={(event) => {
          form.setDraft({ ...draft, domain: event.target.value });
          check.forget('domain');
        }}
      />
      <AnnotationFields
        kind="domain"
        connectionId={server.chosen?.id}
        draft={draft.annotations}
        errors={check.errors}
        onChange={(key, text) => {
          form.setDraft({ ...draft, annotations: { ...draft.annotations, [key]: text } });
          check.forget(key);
        }}
      />
    </DialogForm>
  );
}
