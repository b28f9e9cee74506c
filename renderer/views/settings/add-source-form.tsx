// "Add a source": one address, and Vigil says what answers there (a status page, Uptime Kuma or one of its status
// pages, Healthchecks, Gatus, UptimeRobot, Alertmanager, or a Vigil server), asking for a key only where the kind
// needs one; when nothing answers as any kind does, the person picks the kind. "Add source" saves it only once it
// answered. Well-known public status pages are one click each. A Vigil server found here is added with its token in
// "Add a server" above, its address filled in. The key is kept only while the form is on screen, then in the keychain.
import { useId, useState, type FormEvent } from 'react';
import { CONNECTION_KIND_LABELS, SOURCE_KINDS, sourceKeyNeed, type SourceKind } from '../../../common/ipc/connection-kinds.ts';
import { PUBLIC_STATUS_PAGES } from '../../../common/ipc/public-status-pages.ts';
import { SETTINGS_BOUNDS } from '../../../common/ipc/settings.ts';
import type { ConnectionView, SourceRecognition } from '../../../common/ipc/views.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { FormError, SelectField, TextField } from '../../components/fields.tsx';
import { useDrafts, useHeldInput } from '../../state/drafts-store.ts';
import { addServerDraftId } from './add-server-form.tsx';
import { showError, showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { secretKeptHint, sessionChoiceNeeded, SessionOnlyChoice, useSecretsKept } from './secrets-kept.tsx';
import { tokenProblem } from './connection-input.ts';

/** What is being added, once known: recognised, or picked by the person. */
interface Chosen {
  sourceKind: SourceKind;
  baseUrl: string;
  page?: string | undefined;
  /** The key is asked for: required or optional. */
  key: 'required' | 'optional' | 'none';
}

function hostOf(url: string): string {
  return URL.parse(url)?.host ?? url;
}

export interface AddSourceFormProps {
  connections: readonly ConnectionView[];
  onAdded(): Promise<void>;
}

export function AddSourceForm({ connections, onAdded }: AddSourceFormProps) {
  const titleId = useId();
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  useHeldInput(key !== '');
  const [chosen, setChosen] = useState<Chosen | undefined>();
  const [unrecognised, setUnrecognised] = useState<Extract<SourceRecognition, { kind: undefined }> | undefined>();
  const [pickedKind, setPickedKind] = useState<SourceKind>('statuspage');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState<'looking' | 'adding' | string | undefined>();
  const secrets = useSecretsKept();
  const [keepForSession, setKeepForSession] = useState(false);

  function restart(text: string) {
    setAddress(text);
    setChosen(undefined);
    setUnrecognised(undefined);
    setFailure(undefined);
    setErrors({});
  }

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    if (address.trim() === '') {
      setErrors({ address: 'must not be empty' });
      return;
    }
    setBusy('looking');
    setFailure(undefined);
    try {
      const found = await vigil().recogniseSource(address.trim());
      if (found.kind === undefined) {
        setUnrecognised(found);
        return;
      }
      if (found.kind === 'vigil') {
        // Added with its token where servers are.
        useDrafts.getState().keep(addServerDraftId, { name: found.name ?? hostOf(found.baseUrl), baseUrl: found.baseUrl });
        showInfo(`${hostOf(found.baseUrl)} is a Vigil server: its address is filled in under “Add a server”; give its token there.`);
        restart('');
        return;
      }
      setChosen({ sourceKind: found.kind, baseUrl: found.baseUrl, page: found.page, key: sourceKeyNeed(found.kind, found.page) });
      setName(found.name ?? hostOf(found.baseUrl));
    } catch (error) {
      setFailure(callFailureOf(error).message);
    } finally {
      setBusy(undefined);
    }
  }

  function pick() {
    const typed = address.trim();
    const baseUrl = /^https?:\/\//i.test(typed) ? typed.replace(/\/+$/, '') : `https://${typed.replace(/\/+$/, '')}`;
    setChosen({ sourceKind: pickedKind, baseUrl, key: sourceKeyNeed(pickedKind, undefined) });
    setName(hostOf(baseUrl));
    setUnrecognised(undefined);
  }

  async function add(source: { name: string; baseUrl: string; sourceKind: SourceKind; page?: string | undefined; key?: string | undefined }, done: () => void) {
    const { page, key: given, ...rest } = source;
    await tracked(() => vigil().addSource({ ...rest, ...(page === undefined ? {} : { page }), ...(given === undefined || given === '' ? {} : { key: given }) }));
    done();
    showInfo(`${source.name} added: Vigil watches it from now on, read-only. Its items are under Sources.`);
    await onAdded();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen === undefined) return;
    const problems: Record<string, string> = {};
    if (name.trim() === '') problems['name'] = 'must not be empty';
    const keyProblem = chosen.key === 'none' || (chosen.key === 'optional' && key.trim() === '') ? undefined : tokenProblem(key.trim());
    if (keyProblem !== undefined) problems['key'] = keyProblem;
    // Without a keychain, a key typed here lasts until Vigil quits: said, and chosen, before it is kept so.
    if (key.trim() !== '' && secrets?.where === 'session' && !keepForSession) problems['keepForSession'] = sessionChoiceNeeded;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy('adding');
    setFailure(undefined);
    try {
      await add({ name: name.trim(), baseUrl: chosen.baseUrl, sourceKind: chosen.sourceKind, page: chosen.page, key: chosen.key === 'none' ? undefined : key.trim() }, () => {
        setKey('');
        setName('');
        restart('');
      });
    } catch (error) {
      setFailure(callFailureOf(error).message);
    } finally {
      setBusy(undefined);
    }
  }

  const watched = new Set(connections.filter((connection) => connection.sourceKind === 'statuspage').map((connection) => connection.baseUrl));

  return (
    <div className="settings-subform add-source" aria-labelledby={titleId} role="group">
      <h3 id={titleId}>Add a source</h3>
      <p className="field-hint">
        Uptime Kuma, Healthchecks, Gatus, UptimeRobot, Alertmanager or a status page: Vigil reads it beside your servers and never changes it.
      </p>
      <form className="form" noValidate onSubmit={(event) => void (chosen === undefined ? lookUp(event) : submit(event))}>
        <FormError message={failure} />
        <TextField
          label="Address"
          value={address}
          error={errors['address']}
          hint="Its web address, e.g. status.example.com, https://kuma.example.com or https://kuma.example.com/status/main"
          verbatim
          inputMode="url"
          onChange={(event) => restart(event.target.value)}
        />
        {unrecognised !== undefined && (
          <div className="form-result form-result-failed" role="status">
            <p>
              <strong>Not recognised.</strong> {unrecognised.message}
            </p>
            <div className="form-grid">
              <SelectField label="It is" value={pickedKind} options={SOURCE_KINDS.map((kind) => ({ value: kind, label: CONNECTION_KIND_LABELS[kind] }))} onChange={(event) => setPickedKind(event.target.value as SourceKind)} />
            </div>
            <button type="button" className="button" onClick={pick}>
              Use this kind
            </button>
          </div>
        )}
        {chosen !== undefined && (
          <>
            <p className="form-result form-result-ok" role="status">
              <strong>{CONNECTION_KIND_LABELS[chosen.sourceKind]}</strong> at {hostOf(chosen.baseUrl)}
              {chosen.page === undefined ? '' : `, status page “${chosen.page}”`}
              {chosen.key === 'required' ? ': it is read with an API key.' : chosen.key === 'optional' ? ': a token, if it has one set.' : ': read without a key.'}
            </p>
            <div className="form-grid">
              <TextField label="Name" value={name} error={errors['name']} maxLength={SETTINGS_BOUNDS.connectionNameLength} onChange={(event) => setName(event.target.value)} />
              {chosen.key !== 'none' && (
                <TextField
                  label={chosen.key === 'required' ? 'API key' : 'Token (optional)'}
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  value={key}
                  error={errors['key']}
                  hint={secretKeptHint(secrets)}
                  onChange={(event) => setKey(event.target.value)}
                />
              )}
            </div>
            {chosen.key !== 'none' && <SessionOnlyChoice secrets={secrets} checked={keepForSession} error={errors['keepForSession']} onChange={setKeepForSession} />}
          </>
        )}
        <div className="form-actions">
          {chosen === undefined ? (
            <button type="submit" className="button" disabled={busy !== undefined}>
              {busy === 'looking' ? 'Looking…' : 'Look up'}
            </button>
          ) : (
            <>
              <button type="submit" className="button button-primary" disabled={busy !== undefined}>
                {busy === 'adding' ? 'Adding…' : 'Add source'}
              </button>
              <button type="button" className="button" onClick={() => restart(address)}>
                Cancel
              </button>
            </>
          )}
        </div>
      </form>
      <h4>Public status pages</h4>
      <ul className="public-pages" aria-label="Public status pages">
        {PUBLIC_STATUS_PAGES.map((page) => (
          <li key={page.baseUrl}>
            {watched.has(page.baseUrl) ? (
              <span className="badge">{page.name}: watched</span>
            ) : (
              <button
                type="button"
                className="button button-small"
                aria-label={`Watch ${page.name}'s status page`}
                disabled={busy !== undefined}
                onClick={() => {
                  setBusy(page.baseUrl);
                  add({ name: page.name, baseUrl: page.baseUrl, sourceKind: 'statuspage' }, () => undefined)
                    .catch((error: unknown) => showError(`${page.name}'s status page was not added: ${callFailureOf(error).message}`))
                    .finally(() => setBusy(undefined));
                }}
              >
                {busy === page.baseUrl ? 'Adding…' : `+ ${page.name}`}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
