// A connection's sign-in state in words, with the token's expiry when the server told it; the word carries the
// meaning, the colour only repeats it.
import type { ReactNode } from 'react';
import type { ConnectionView, Health } from '../../../common/ipc/views.ts';
import { HealthBadge } from '../../components/health-badge.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';

/** A remote connection that cannot be used (or soon will not be) until it gets a new token. */
export function needsToken(connection: ConnectionView): boolean {
  return connection.kind === 'remote' && connection.auth !== 'signed-in';
}

function AuthLine({ health, label, children }: { health: Health; label: string; children: ReactNode }) {
  return (
    <p className="connection-auth">
      <HealthBadge health={health} label={label} />
      {children}
    </p>
  );
}

export function ConnectionAuth({ connection }: { connection: ConnectionView }) {
  const expires = connection.tokenExpiresAt;
  switch (connection.auth) {
    case 'signed-in':
      return (
        <AuthLine health="ok" label="Signed in">
          {expires !== undefined && (
            <span className="connection-expiry">
              Token expires <RelativeTime at={expires} />
            </span>
          )}
        </AuthLine>
      );
    case 'expiring':
      return (
        <AuthLine health="warning" label="Token expiring">
          <span>The token expires {expires === undefined ? 'soon' : <RelativeTime at={expires} />}. Replace it before it does.</span>
        </AuthLine>
      );
    case 'rejected':
      return (
        <AuthLine health="critical" label="Token rejected">
          <span>The server did not accept the saved token. Enter a new one to sign in again.</span>
        </AuthLine>
      );
    case 'not-kept':
      return (
        <AuthLine health="critical" label="Token not kept">
          <span>Vigil could not keep the token: with no keychain to use, it was kept only until Vigil quit. Enter it again.</span>
        </AuthLine>
      );
    case 'signed-out':
      return (
        <AuthLine health="unknown" label="Not signed in">
          <span>There is no saved token for this server. Enter one to sign in.</span>
        </AuthLine>
      );
  }
}
