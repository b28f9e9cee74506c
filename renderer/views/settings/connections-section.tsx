// Connections: the servers Vigil can watch (the built-in one and remote ones), each watched or not, and a form to
// add another. "Sign in again" elsewhere lands here with the cursor in that server's token field.
import { useEffect, useId, useRef } from 'react';
import type { SecretsView } from '../../../common/ipc/settings.ts';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { connectionFocusKey, useNavigation } from '../../state/navigation-store.ts';
import { useStatus } from '../../state/status-store.ts';
import { AddServerForm } from './add-server-form.tsx';
import { AddSourceForm } from './add-source-form.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { useSecretsKept } from './secrets-kept.tsx';

export interface ConnectionsSectionProps {
  connections: readonly ConnectionView[];
  refresh(): Promise<void>;
}

function tokensKept(secrets: SecretsView | undefined): string {
  if (secrets === undefined) return 'Tokens are never shown again.';
  if (secrets.where === 'keychain') return `Tokens are kept in the system keychain (${secrets.keychainName}) and never shown again.`;
  return 'Tokens are kept only until Vigil quits, as this computer’s keychain cannot be used.';
}

export function ConnectionsSection({ connections, refresh }: ConnectionsSectionProps) {
  const titleId = useId();
  const secrets = useSecretsKept();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusKey = useNavigation((state) => state.focusKey);
  const requested = connections.find((connection) => focusKey === connectionFocusKey(connection.id));
  const local = connections.find((connection) => connection.kind === 'local');
  const thisComputer = local === undefined ? undefined : { id: local.id, name: local.name };
  // What the status says about the watched connections; when it changes (one enabled or disabled, a new sign-in
  // state), the list is out of date.
  const statusConnection = useStatus((state) =>
    (state.status?.servers ?? []).map(({ connection }) => `${connection.id} ${connection.auth} ${connection.tokenExpiresAt ?? ''}`).join('|'),
  );
  const seenStatusConnection = useRef(statusConnection);

  useEffect(() => {
    if (seenStatusConnection.current === statusConnection) return;
    seenStatusConnection.current = statusConnection;
    void refresh();
  }, [statusConnection, refresh]);

  const signInRequested = requested !== undefined;
  useEffect(() => {
    if (!signInRequested) return;
    // A remote connection's card puts the cursor in its token field; the built-in one has no token.
    if (requested.kind !== 'remote') {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ block: 'start' });
    }
    // Handled: a second "Sign in again" sets it afresh and is handled again.
    useNavigation.setState({ focusKey: undefined });
  }, [signInRequested, requested?.kind]);

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          Connections
        </h2>
        <p className="field-hint">The servers and sources Vigil watches, all at once; one not watched keeps its token. {tokensKept(secrets)}</p>
      </div>
      <ul className="connection-list" aria-label="Servers">
        {connections.map((connection) => (
          <ConnectionCard
            key={connection.id}
            connection={connection}
            signInRequested={requested?.id === connection.id}
            onChanged={refresh}
            onRemoved={() => heading.current?.focus()}
            copyInto={thisComputer}
          />
        ))}
      </ul>
      <AddServerForm onAdded={refresh} />
      <AddSourceForm connections={connections} onAdded={refresh} />
    </section>
  );
}
