// One saved server: where it is, whether Vigil is signed in to it, and what can be done with it (watch it or
// not, give it a new token, remove it). A server not watched keeps its token; Vigil just does not poll it. A server that needs a token shows why and the token field without being asked.
// Every card has the same buttons, so each one's accessible name says which server it acts on.
import { useEffect, useId, useRef, useState } from 'react';
import { CONNECTION_KEY, CONNECTION_KIND_LABELS, CONNECTION_SECRET_NAMES, isReadOnlySource, saysWhatItChecks } from '../../../common/ipc/connection-kinds.ts';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { showError, showInfo } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';
import { ConnectionAuth, needsToken } from './connection-auth.tsx';
import { CopyIntoForm } from './copy-into-form.tsx';
import { ReplaceTokenForm } from './replace-token-form.tsx';

export interface ConnectionCardProps {
  connection: ConnectionView;
  /** "Sign in again" sent the user here for this connection: open its token field and put the cursor in it. */
  signInRequested: boolean;
  /** After any change: the list is fetched again. */
  onChanged(): Promise<void>;
  /** The server is gone, and its card with the focus: the section takes the focus. */
  onRemoved(): void;
  /** Where a source's checks can be copied ("Copy to This computer"): this computer's server, when there is one. */
  copyInto?: { id: string; name: string } | undefined;
}

/** "Remote server", "Uptime Kuma, read only (status page “main”)". */
function kindWords({ kind, sourceKind, page }: ConnectionView): string {
  if (kind === 'local') return 'Built in: the monitoring service on this computer';
  if (!isReadOnlySource(sourceKind)) return 'Remote server';
  return `${CONNECTION_KIND_LABELS[sourceKind]}, read only${page === undefined ? '' : ` (status page “${page}”)`}`;
}

export function ConnectionCard({ connection, signInRequested, onChanged, onRemoved, copyInto }: ConnectionCardProps) {
  const { id, name, baseUrl, kind, enabled, sourceKind } = connection;
  const secret = CONNECTION_SECRET_NAMES[sourceKind];
  // A source read without a key has none to replace.
  const keyed = kind === 'remote' && CONNECTION_KEY[sourceKind] !== 'none';
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copying, setCopying] = useState(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const copyable = copyInto !== undefined && saysWhatItChecks(sourceKind);
  const [busy, setBusy] = useState<'switching' | 'removing' | undefined>();
  const switchId = useId();
  const urgent = needsToken(connection);
  const tokenForm = keyed && (urgent || replacing || signInRequested);

  useEffect(() => {
    if (!signInRequested) return;
    setReplacing(true);
    const field = card.current?.querySelector<HTMLInputElement>('input[type="password"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }, [signInRequested]);

  async function change(state: 'switching' | 'removing', write: () => Promise<unknown>, done: string, failed: string, then?: () => void) {
    setBusy(state);
    try {
      await tracked(write);
      showInfo(done);
      then?.();
    } catch (error) {
      showError(`${failed}: ${callFailureOf(error).message}`);
    } finally {
      setBusy(undefined);
    }
    await onChanged();
  }

  return (
    <li className={enabled ? 'connection connection-active' : 'connection'}>
      <article ref={card} aria-labelledby={titleId}>
        <div className="connection-head">
          <div className="connection-title">
            <h3 id={titleId}>{name}</h3>
            {!enabled && <span className="badge badge-not-watched">Not watched</span>}
          </div>
          <div className="row-actions">
            <span className="switch-field">
              <input
                id={switchId}
                type="checkbox"
                role="switch"
                className="switch"
                checked={enabled}
                aria-label={`Watch ${name}`}
                disabled={busy !== undefined}
                onChange={(event) => {
                  const watch = event.target.checked;
                  void change(
                    'switching',
                    () => vigil().setConnectionEnabled(id, watch),
                    watch ? `Vigil now watches ${name}.` : `Vigil no longer watches ${name}; its token is kept.`,
                    watch ? `Vigil did not start watching ${name}` : `Vigil did not stop watching ${name}`,
                  );
                }}
              />
              <label htmlFor={switchId}>{busy === 'switching' ? 'Saving…' : 'Watch'}</label>
            </span>
            {keyed && !urgent && (
              <button
                ref={replaceButton}
                type="button"
                className="button button-small"
                aria-label={`Replace ${secret} for ${name}`}
                aria-expanded={tokenForm}
                onClick={() => setReplacing(!tokenForm)}
              >
                Replace {secret}
              </button>
            )}
            {copyable && (
              <button ref={copyButton} type="button" className="button button-small" aria-label={`Copy ${name} to ${copyInto.name}`} aria-expanded={copying} onClick={() => setCopying(!copying)}>
                Copy to {copyInto.name}
              </button>
            )}
            {kind === 'remote' && (
              <button
                type="button"
                className="button button-small button-danger-quiet"
                aria-label={busy === 'removing' ? undefined : `Remove ${name}`}
                disabled={busy !== undefined}
                onClick={() => setConfirming(true)}
              >
                {busy === 'removing' ? 'Removing…' : 'Remove'}
              </button>
            )}
          </div>
        </div>
        <p className="connection-address">
          <span className="cell-mono">{baseUrl}</span>
          <span className="connection-kind">{kindWords(connection)}</span>
        </p>
        <ConnectionAuth connection={connection} />
        {copyable && copying && (
          <CopyIntoForm
            from={{ id, name }}
            into={copyInto}
            onClose={() => {
              setCopying(false);
              copyButton.current?.focus();
            }}
          />
        )}
        {tokenForm && (
          <ReplaceTokenForm
            connection={connection}
            onSaved={() => {
              setReplacing(false);
              replaceButton.current?.focus();
              void onChanged();
            }}
            autoFocus={replacing}
            onCancel={
              urgent
                ? undefined
                : () => {
                    setReplacing(false);
                    replaceButton.current?.focus();
                  }
            }
          />
        )}
      </article>
      {confirming && (
        <ConfirmDialog
          title={`Remove ${name}?`}
          confirmLabel="Remove server"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void change('removing', () => vigil().removeConnection(id), `${name} removed.`, `${name} was not removed`, onRemoved);
          }}
        >
          {isReadOnlySource(sourceKind)
            ? `Vigil stops reading ${baseUrl} and deletes its ${secret} from the keychain, if it kept one; ${CONNECTION_KIND_LABELS[sourceKind]} and everything in it stay as they are.`
            : `Vigil forgets ${baseUrl} and deletes its token from the keychain; the server and its monitors stay as they are.`}
        </ConfirmDialog>
      )}
    </li>
  );
}
