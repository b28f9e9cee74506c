// What a failed poll means for the connection as a whole: the tray and the alert policy agree on it.
import type { ClientErrorKind } from '../model/snapshot.ts';

/**
 * offline: the server could not be reached or did not answer usefully (a captive portal's HTML counts);
 * signed-out: the token was rejected; setup: the server answered but refused the request as made (wrong
 * path, forbidden, plain http) — it needs the user, not time; transient: rate limiting or a cancelled poll,
 * which say nothing about the monitors, so the last snapshot still stands.
 */
export type FailureClass = 'offline' | 'signed-out' | 'setup' | 'transient';

export function failureClass(kind: ClientErrorKind): FailureClass {
  switch (kind) {
    case 'unreachable':
    case 'timeout':
    case 'server-error':
    case 'protocol-error':
      return 'offline';
    case 'unauthorized':
      return 'signed-out';
    case 'forbidden':
    case 'not-found':
    case 'bad-request':
    case 'insecure':
      return 'setup';
    case 'rate-limited':
    case 'cancelled':
      return 'transient';
  }
}
