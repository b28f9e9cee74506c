// A new token for a saved server. The field is write-only: never filled in, never echoed, emptied once the core
// has put the token in the keychain.
import { useState, type FormEvent } from 'react';
import { CONNECTION_SECRET_NAMES } from '../../../common/ipc/connection-kinds.ts';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { TextField } from '../../components/fields.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useHeldInput } from '../../state/drafts-store.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { tokenProblem } from './connection-input.ts';
import { secretKeptHint, useSecretsKept } from './secrets-kept.tsx';

export interface ReplaceTokenFormProps {
  connection: ConnectionView;
  onSaved(): void;
  /** Opened by the user's click: the cursor goes straight into the field. */
  autoFocus?: boolean;
  /** Absent when the connection cannot work without a new token, so the form stays. */
  onCancel?: (() => void) | undefined;
}

export function ReplaceTokenForm({ connection, onSaved, autoFocus = false, onCancel }: ReplaceTokenFormProps) {
  const [token, setToken] = useState('');
  useHeldInput(token !== '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const secrets = useSecretsKept();
  const secret = CONNECTION_SECRET_NAMES[connection.sourceKind];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = token.trim();
    const problem = tokenProblem(value);
    setError(problem);
    if (problem !== undefined) return;
    setSaving(true);
    try {
      await tracked(() => vigil().setConnectionToken(connection.id, value));
      setToken('');
      showInfo(`The new ${secret} for ${connection.name} is saved.`);
      onSaved();
    } catch (failure) {
      const { message, fields } = callFailureOf(failure);
      // The contract names the token as the second argument ("1" → "").
      setError(fields[''] ?? message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="token-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={`New ${secret}`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        value={token}
        error={error}
        hint={secretKeptHint(secrets)}
        onChange={(event) => {
          setToken(event.target.value);
          setError(undefined);
        }}
      />
      <div className="form-actions">
        <SubmitButton label={`Save ${secret}`} runningLabel="Saving…" running={saving} />
        {onCancel !== undefined && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
