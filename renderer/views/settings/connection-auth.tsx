// A connection's sign-in state in words, with the token's expiry when the server told it; the word carries the
// meaning, the colour only repeats it.
import type { ReactNode } from 'react';
import { CONNECTION_SECRET_NAMES, isReadOnlySource } from '../../../common/ipc/connection-kinds.ts';
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

/** A source's sign-in state: its key, where it has one (a source's key carries no expiry Vigil can read). */
function SourceAuth({ connection }: { connection: ConnectionView }) {
  const secret = CONNECTION_SECRET_NAMES[connection.sourceKind];
  switch (connection.auth) {
    case 'rejected':
      return (
        <AuthLine health="critical" label={`${capitalised(secret)} rejected`}>
          <span>The source did not accept the saved {secret}. Enter a new one.</span>
        </AuthLine>
      );
    case 'not-kept':
      return (
        <AuthLine health="critical" label={`${capitalised(secret)} not kept`}>
          <span>Vigil could not keep the {secret}: with no keychain to use, it was kept only until Vigil quit. Enter it again.</span>
        </AuthLine>
      );
    case 'signed-out':
      return (
        <AuthLine health="unknown" label={`No ${secret}`}>
          <span>There is no saved {secret} for this source. Enter one to read it.</span>
        </AuthLine>
      );
    default:
      return (
        <AuthLine health="ok" label="Reading">
          <span>Vigil reads it through its own API and changes nothing there.</span>
        </AuthLine>
      );
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function ConnectionAuth({ connection }: { connection: ConnectionView }) {
  if (isReadOnlySource(connection.sourceKind)) return <SourceAuth connection={connection} />;
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
