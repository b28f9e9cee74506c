// A connection's sign-in state in words, with the token's expiry when the server told it; the word carries the
// meaning, the colour only repeats it.
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { RelativeTime } from '../../components/relative-time.tsx';

/** A remote connection that cannot be used (or soon will not be) until it gets a new token. */
export function needsToken(connection: ConnectionView): boolean {
  return connection.kind === 'remote' && connection.auth !== 'signed-in';
}

export function ConnectionAuth({ connection }: { connection: ConnectionView }) {
  const expires = connection.tokenExpiresAt;
  switch (connection.auth) {
    case 'signed-in':
      return (
        <p className="connection-auth">
          <span className="badge badge-ok">Signed in</span>
          {expires !== undefined && (
            <span className="connection-expiry">
              Token expires <RelativeTime at={expires} />
            </span>
          )}
        </p>
      );
    case 'expiring':
      return (
        <p className="connection-auth">
          <span className="badge badge-warning">Token expiring</span>
          <span>
            The token expires {expires === undefined ? 'soon' : <RelativeTime at={expires} />}. Replace it before it does.
          </span>
        </p>
      );
    case 'rejected':
      return (
        <p className="connection-auth">
          <span className="badge badge-critical">Token rejected</span>
          <span>The server did not accept the saved token. Enter a new one to sign in again.</span>
        </p>
      );
    case 'signed-out':
      return (
        <p className="connection-auth">
          <span className="badge badge-unknown">Not signed in</span>
          <span>There is no saved token for this server. Enter one to sign in.</span>
        </p>
      );
  }
}
