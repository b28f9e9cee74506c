// "Send test email": one email through the saved SMTP server to an address the user names, and what the server
// answered, so a wrong setting shows up now rather than when an alert is lost.
import { useId, useState, type FormEvent } from 'react';
import { checkInput } from '../../../common/api/index.ts';
import { testEmailSchema } from '../../../common/ipc/settings.ts';
import { callFailureOf, fieldErrorsOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { TextField } from '../../components/fields.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { ResultBox, type CheckResult } from '../../components/result-box.tsx';

export function TestEmailForm() {
  const titleId = useId();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<CheckResult | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkInput(testEmailSchema, { to });
    setError(checked.ok ? undefined : fieldErrorsOf(checked.details)['to']);
    if (!checked.ok) return;
    setSending(true);
    setResult(undefined);
    try {
      setResult(await vigil().sendTestEmail(checked.value));
    } catch (failure) {
      setResult({ ok: false, message: callFailureOf(failure).message });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form settings-subform" aria-labelledby={titleId} noValidate onSubmit={(event) => void submit(event)}>
      <h3 id={titleId}>Send a test email</h3>
      <TextField
        label="To"
        type="email"
        value={to}
        error={error}
        placeholder="you@example.com"
        hint="Sent with the saved settings."
        onChange={(event) => {
          setTo(event.target.value);
          setError(undefined);
        }}
      />
      <div className="form-actions">
        <SubmitButton label="Send test email" runningLabel="Sending…" running={sending} quiet />
      </div>
      <ResultBox label="Test email result" result={result} okTitle="Sent." failedTitle="Not sent." />
    </form>
  );
}
