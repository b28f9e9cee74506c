// Adds a remote server: its name, API address and token. "Test connection" asks the server without saving and
// shows what it answered; "Add server" saves only when the server accepts the token. The name and address are a
// draft that outlives the view; the token is kept only while the form is on screen, so it lives nowhere else.
import { useId, useState, type FormEvent } from 'react';
import { SETTINGS_BOUNDS } from '../../../common/ipc/settings.ts';
import { callFailureOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { FormError, TextField } from '../../components/fields.tsx';
import { ResultBox, type CheckResult } from '../../components/result-box.tsx';
import { useDraft, useDrafts, useHeldInput } from '../../state/drafts-store.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { baseUrlProblem, newServerErrors, trimmedServer, type NewServer } from './connection-input.ts';
import { secretKeptHint, sessionChoiceNeeded, SessionOnlyChoice, SessionOnlyNote, useSecretsKept } from './secrets-kept.tsx';

/** Its draft's name: "Add a source" fills it in for a Vigil server it finds. */
export const addServerDraftId = 'settings:add-server';

export function AddServerForm({ onAdded }: { onAdded(): Promise<void> }) {
  const [draft, setDraft] = useDraft(addServerDraftId, () => ({ name: '', baseUrl: '' }));
  const clearDraft = useDrafts((state) => state.clear);
  const titleId = useId();
  const [token, setToken] = useState('');
  useHeldInput(token !== '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState<'testing' | 'adding' | undefined>();
  const [tested, setTested] = useState<CheckResult | undefined>();
  const secrets = useSecretsKept();
  const [keepForSession, setKeepForSession] = useState(false);

  function change(field: keyof NewServer, value: string) {
    if (field === 'token') setToken(value);
    else setDraft({ ...draft, [field]: value });
    const { [field]: _fixed, ...rest } = errors;
    setErrors(rest);
    // The answer was about what was typed before.
    setTested(undefined);
  }

  async function test() {
    const { baseUrl, token: typed } = trimmedServer({ ...draft, token });
    const problem = baseUrlProblem(baseUrl);
    if (problem !== undefined) {
      setErrors({ ...errors, baseUrl: problem });
      return;
    }
    setBusy('testing');
    setTested(undefined);
    try {
      setTested(await vigil().testConnection(typed === '' ? { baseUrl } : { baseUrl, token: typed }));
    } catch (error) {
      setTested({ ok: false, message: callFailureOf(error).message });
    } finally {
      setBusy(undefined);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const server = trimmedServer({ ...draft, token });
    const problems = { ...newServerErrors(server), ...(secrets?.where === 'session' && !keepForSession ? { keepForSession: sessionChoiceNeeded } : {}) };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy('adding');
    try {
      await tracked(() => vigil().addRemoteConnection(server));
      clearDraft(addServerDraftId);
      setToken('');
      setTested(undefined);
      // A new server is watched at once (its “Watch” switch is on): nothing more to choose.
      showInfo(`${server.name} added: Vigil watches it from now on. Its “Watch” switch turns that off.`);
      await onAdded();
    } catch (error) {
      const failed = callFailureOf(error);
      setErrors(failed.fields);
      setFailure(failed.message);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <form className="form settings-subform" aria-labelledby={titleId} noValidate onSubmit={(event) => void submit(event)}>
      <h3 id={titleId}>Add a server</h3>
      <FormError message={failure} />
      <div className="form-grid">
        <TextField label="Name" value={draft.name} error={errors['name']} maxLength={SETTINGS_BOUNDS.connectionNameLength} onChange={(event) => change('name', event.target.value)} />
        <TextField
          label="Base URL"
          value={draft.baseUrl}
          error={errors['baseUrl']}
          hint="The server’s API address, e.g. https://monitor.example.com/api"
          verbatim
          inputMode="url"
          onChange={(event) => change('baseUrl', event.target.value)}
        />
      </div>
      <SessionOnlyNote secrets={secrets} />
      <TextField
        label="Token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={token}
        error={errors['token']}
        hint={secretKeptHint(secrets)}
        onChange={(event) => change('token', event.target.value)}
      />
      <SessionOnlyChoice
        secrets={secrets}
        checked={keepForSession}
        error={errors['keepForSession']}
        onChange={(checked) => {
          setKeepForSession(checked);
          const { keepForSession: _chosen, ...rest } = errors;
          setErrors(rest);
        }}
      />
      <div className="form-actions">
        <button type="button" className="button" disabled={busy !== undefined} onClick={() => void test()}>
          {busy === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className="button button-primary" disabled={busy !== undefined}>
          {busy === 'adding' ? 'Adding…' : 'Add server'}
        </button>
      </div>
      <ResultBox label="Connection test result" result={tested} okTitle="The server answered." failedTitle="The test failed." />
    </form>
  );
}
