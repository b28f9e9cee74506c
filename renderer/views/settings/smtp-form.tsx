// The SMTP server the local service sends email alerts through. Checked with the core's own schema before it is
// sent; the password is write-only (the form only knows whether one is saved) and goes to the keychain. A saved
// password is kept only for the server it was saved for, so pointing the form elsewhere asks for it again.
import { useState } from 'react';
import type { LocalServiceView, SmtpSecurity, SmtpView } from '../../../common/ipc/settings.ts';
import { vigil } from '../../api/vigil-api.ts';
import { CheckboxField, SelectField, TextField } from '../../components/fields.tsx';
import { useDraft, useDrafts } from '../../state/drafts-store.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { secretKeptHint, useSecretsKept } from './secrets-kept.tsx';
import { sameDraft, SettingsForm } from './settings-form.tsx';
import { retypePasswordReason, smtpDraftOf, smtpErrors, smtpInputOf, withSecurity, type PasswordChange, type SmtpDraft } from './smtp-values.ts';

export const smtpDraftId = 'settings:smtp';

const securityOptions: readonly { value: SmtpSecurity; label: string }[] = [
  { value: 'tls', label: 'TLS (usually port 465)' },
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'none', label: 'None — loopback address only' },
];

export interface SmtpFormProps {
  smtp: SmtpView | undefined;
  onSaved(localService: LocalServiceView): void;
}

export function SmtpForm({ smtp, onSaved }: SmtpFormProps) {
  const [draft, setDraft] = useDraft(smtpDraftId, () => smtpDraftOf(smtp));
  const clearDraft = useDrafts((state) => state.clear);
  const [password, setPassword] = useState('');
  const secrets = useSecretsKept();
  const passwordSaved = smtp?.passwordSaved === true;
  const [removePassword, setRemovePassword] = useState(false);
  // With no password saved (the server was removed, say) there is nothing to remove: the box goes, and so must
  // its tick, or the password field would stay disabled.
  if (removePassword && !passwordSaved) setRemovePassword(false);

  const passwordChange: PasswordChange = removePassword ? { kind: 'remove' } : password === '' ? { kind: 'keep' } : { kind: 'set', password };
  const input = smtpInputOf(draft, passwordChange);
  const retype = retypePasswordReason(smtp, draft);
  const check = useFormCheck(smtpErrors(input, retype));
  const { errors, forget } = check;

  function change(patch: Partial<SmtpDraft>) {
    setDraft({ ...draft, ...patch });
    // The loopback rule's error (at security) depends on the host too.
    forget(...Object.keys(patch), 'security');
  }

  async function save() {
    onSaved(await tracked(() => vigil().setLocalSmtp(input)));
    clearDraft(smtpDraftId);
    setPassword('');
    setRemovePassword(false);
    showInfo('Email server saved.');
  }

  return (
    <SettingsForm
      label="Email server"
      check={check}
      save={save}
      submitLabel="Save email server"
      dirty={!sameDraft(draft, smtpDraftOf(smtp)) || passwordChange.kind !== 'keep'}
      discard={() => {
        clearDraft(smtpDraftId);
        setPassword('');
        setRemovePassword(false);
      }}
    >
      <div className="form-grid form-grid-host">
        <TextField label="SMTP host" value={draft.host} error={errors['host']} placeholder="smtp.example.com" verbatim onChange={(event) => change({ host: event.target.value })} />
        <TextField label="Port" value={draft.port} error={errors['port']} inputMode="numeric" onChange={(event) => change({ port: event.target.value })} />
      </div>
      <SelectField
        label="Security"
        value={draft.security}
        error={errors['security']}
        hint="Mail is sent without encryption only to a loopback IP address (127.0.0.1 or ::1)."
        options={securityOptions}
        onChange={(event) => change(withSecurity(draft, event.target.value as SmtpSecurity))}
      />
      <div className="form-grid">
        <TextField label="User name" value={draft.user} error={errors['user']} hint="Leave empty when the server needs no sign-in." autoComplete="off" verbatim onChange={(event) => change({ user: event.target.value })} />
        <div className="field-stack">
          <TextField
            label="Password"
            type="password"
            autoComplete="off"
            value={password}
            error={errors['password']}
            disabled={removePassword}
            placeholder={retype !== undefined ? 'Type it again for this server' : passwordSaved ? 'Saved — leave empty to keep' : ''}
            // The reason is said before a save is tried; once the error says it, the usual hint comes back.
            hint={retype !== undefined && passwordChange.kind === 'keep' && errors['password'] === undefined ? `Type the password again: ${retype}.` : secretKeptHint(secrets)}
            onChange={(event) => {
              setPassword(event.target.value);
              forget('password');
            }}
          />
          {passwordSaved && (
            <CheckboxField
              label="Remove saved password"
              checked={removePassword}
              onChange={(checked) => {
                setRemovePassword(checked);
                if (checked) setPassword('');
                forget('password');
              }}
            />
          )}
        </div>
      </div>
      <TextField label="From address" type="email" value={draft.from} error={errors['from']} placeholder="vigil@example.com" hint="The sender of the alert emails." onChange={(event) => change({ from: event.target.value })} />
    </SettingsForm>
  );
}
