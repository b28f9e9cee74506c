// Email (local service): the SMTP server the built-in monitoring service sends email alerts through, a test
// email, and removing the server. Shown only where this app runs a local service.
import { useId, useState } from 'react';
import type { LocalServiceView } from '../../../common/ipc/settings.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormError } from '../../components/fields.tsx';
import { useDrafts } from '../../state/drafts-store.ts';
import { showError, showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { SmtpForm, smtpDraftId } from './smtp-form.tsx';
import { TestEmailForm } from './test-email-form.tsx';

export interface EmailSectionProps {
  localService: LocalServiceView;
  onSaved(localService: LocalServiceView): void;
}

export function EmailSection({ localService, onSaved }: EmailSectionProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { smtp, problem } = localService;

  async function remove() {
    setConfirming(false);
    setRemoving(true);
    try {
      onSaved(await tracked(() => vigil().setLocalSmtp(null)));
      useDrafts.getState().clear(smtpDraftId);
      showInfo('Email server removed.');
    } catch (error) {
      showError(`The email server was not removed: ${callFailureOf(error).message}`);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section-head settings-section-head-actions">
        <div>
          <h2 id={titleId}>Email (local service)</h2>
          <p className="field-hint">The SMTP server the built-in monitoring service sends email alerts through.</p>
        </div>
        {smtp !== undefined && (
          <button type="button" className="button button-small button-danger-quiet" disabled={removing} onClick={() => setConfirming(true)}>
            {removing ? 'Removing…' : 'Remove email server'}
          </button>
        )}
      </div>
      {/* The form still works: saving a server replaces what could not be read (a file that is not JSON excepted). */}
      <FormError message={problem} />
      <SmtpForm smtp={smtp} onSaved={onSaved} />
      {smtp === undefined ? <p className="field-hint">Save an email server to send a test email.</p> : <TestEmailForm />}
      {confirming && (
        <ConfirmDialog title="Remove the email server?" confirmLabel="Remove email server" onConfirm={() => void remove()} onCancel={() => setConfirming(false)}>
          Email handlers cannot send alerts until an email server is set up again. The saved password is deleted from the keychain.
        </ConfirmDialog>
      )}
    </section>
  );
}
