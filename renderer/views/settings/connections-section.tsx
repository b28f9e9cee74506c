// Connections: the servers Vigil can watch (the built-in one and remote ones), which one it watches, and a form
// to add another. "Sign in again" elsewhere lands here with the cursor in the active server's token field.
import { useEffect, useId, useRef } from 'react';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { useNavigation } from '../../state/navigation-store.ts';
import { useStatus } from '../../state/status-store.ts';
import { AddServerForm } from './add-server-form.tsx';
import { ConnectionCard } from './connection-card.tsx';

const connectionsFocusKey = 'connections';

export interface ConnectionsSectionProps {
  connections: readonly ConnectionView[];
  refresh(): Promise<void>;
}

export function ConnectionsSection({ connections, refresh }: ConnectionsSectionProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const signInRequested = useNavigation((state) => state.focusKey === connectionsFocusKey);
  const active = connections.find((connection) => connection.active);
  // What the status says about the active connection; when it changes (another server, a new sign-in state),
  // the list is out of date.
  const statusConnection = useStatus((state) => {
    const connection = state.status?.connection;
    return connection === undefined ? '' : `${connection.id} ${connection.auth} ${connection.tokenExpiresAt ?? ''}`;
  });
  const seenStatusConnection = useRef(statusConnection);

  useEffect(() => {
    if (seenStatusConnection.current === statusConnection) return;
    seenStatusConnection.current = statusConnection;
    void refresh();
  }, [statusConnection, refresh]);

  useEffect(() => {
    if (!signInRequested) return;
    // A remote active connection's card puts the cursor in its token field; the built-in one has no token.
    if (active?.kind !== 'remote') {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ block: 'start' });
    }
    // Handled: a second "Sign in again" sets it afresh and is handled again.
    useNavigation.setState({ focusKey: undefined });
  }, [signInRequested, active?.kind]);

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          Connections
        </h2>
        <p className="field-hint">The server Vigil watches. Tokens are kept in the system keychain and never shown again.</p>
      </div>
      <ul className="connection-list" aria-label="Servers">
        {connections.map((connection) => (
          <ConnectionCard
            key={connection.id}
            connection={connection}
            signInRequested={signInRequested && connection.active}
            onChanged={refresh}
            onRemoved={() => heading.current?.focus()}
          />
        ))}
      </ul>
      <AddServerForm onAdded={refresh} />
    </section>
  );
}
