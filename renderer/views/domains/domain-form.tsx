// Add a domain to watch. Any script is accepted ("bücher.example"), and a pasted URL is taken for its host; the
// hint shows the ASCII form that will be stored, so nobody is surprised by "xn--bcher-kva.example" in the list.
// What is typed is kept as a draft until it is saved, whatever happens to the dialog.
import { useState, type FormEvent } from 'react';
import { checkInput, domainCreateInput, INPUT_LIMITS } from '../../../common/api/index.ts';
import { callFailureOf, fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { Dialog } from '../../components/dialog.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { FormError, TextField } from '../../components/fields.tsx';
import { useFormDraft } from '../../state/drafts-store.ts';
import { showInfo } from '../../state/notices-store.ts';
import { useDomains } from '../../state/resources.ts';

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
  const { draft, setDraft, saving, save, discard } = useFormDraft(formId, () => ({ domain: '' }));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();

  const result = checked(draft.domain);
  const errors = tried && !result.ok ? { ...result.errors, ...serverErrors } : serverErrors;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (!result.ok) return;
    const domain = result.domain;
    try {
      await save(() => useDomains.getState().add({ domain }, () => vigil().createDomain({ domain })));
      showInfo(`${domain} added. Its expiry appears once the registry has answered.`);
      onClose();
    } catch (error) {
      const failed = callFailureOf(error);
      setServerErrors(failed.fields);
      setFailure(failed.message);
    }
  }

  return (
    <Dialog title="Add domain" onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormError message={failure} />
        <fieldset className="form-fields" disabled={saving}>
          <TextField
            label="Domain"
            value={draft.domain}
            error={errors['domain']}
            hint={hintOf(draft.domain, result)}
            placeholder="example.com"
            maxLength={INPUT_LIMITS.urlMaxLength}
            spellCheck={false}
            autoCapitalize="off"
            autoFocus
            onChange={(event) => {
              setDraft({ domain: event.target.value });
              setServerErrors({});
            }}
          />
        </fieldset>
        <FormActions
          saving={saving}
          submitLabel="Add domain"
          savingLabel="Adding…"
          onCancel={() => {
            discard();
            onClose();
          }}
        />
      </form>
    </Dialog>
  );
}
