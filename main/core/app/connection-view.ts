// A saved connection as the window sees it: whether it is signed in, never the token, and what its server offers
// beyond the spec once asked (pure).
import type { Capabilities } from '../../../common/api/index.ts';
import { CONNECTION_KEY } from '../../../common/ipc/connection-kinds.ts';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { tokenExpiresAt } from '../secrets/token-expiry.ts';
import type { AlertState } from '../alerts/index.ts';
import type { Connection } from '../settings/settings-schema.ts';

const msPerDay = 86_400_000;

export interface ConnectionViewInput {
  /** The stored token, read only to tell its state and expiry. */
  token: string | undefined;
  alertState: AlertState | undefined;
  /** Days before `exp` at which a token counts as expiring (the alert policy's `tokenWarningDays`). */
  warningDays: number;
  now: number;
  /** What `GET /capabilities` last answered; undefined until asked (only an enabled connection's is). */
  capabilities?: Capabilities | undefined;
  /** Tokens last only until Vigil quits (no keychain), so a missing one was not kept rather than never given. */
  secretsForSessionOnly?: boolean;
  /** This computer's usual address while its service listens elsewhere (LocalMode). */
  usualBaseUrl?: string | undefined;
}

export function connectionView(connection: Connection, input: ConnectionViewInput): ConnectionView {
  const expiresAt = input.token === undefined ? undefined : tokenExpiresAt(input.token);
  const view: ConnectionView = {
    id: connection.id,
    name: connection.name,
    baseUrl: connection.baseUrl,
    kind: connection.kind,
    sourceKind: connection.sourceKind,
    enabled: connection.enabled,
    auth: authOf(connection, input, expiresAt),
  };
  if (connection.page !== undefined) view.page = connection.page;
  if (expiresAt !== undefined) view.tokenExpiresAt = expiresAt;
  if (input.usualBaseUrl !== undefined && input.usualBaseUrl !== connection.baseUrl) view.usualBaseUrl = input.usualBaseUrl;
  if (input.capabilities !== undefined) {
    view.capabilities = [...input.capabilities.extensions];
    view.serverProblems = [...input.capabilities.problems];
  }
  return view;
}

function authOf(connection: Connection, input: ConnectionViewInput, expiresAt: number | undefined): ConnectionView['auth'] {
  // A source read without a key has nothing to sign in with: it counts as signed in until it refuses.
  if (input.token === undefined && CONNECTION_KEY[connection.sourceKind] !== 'required') return input.alertState?.connection.auth === 'rejected' ? 'rejected' : 'signed-in';
  // This computer's token is signed afresh at every start, so only another server's can be lost.
  if (input.token === undefined) return input.secretsForSessionOnly && connection.kind === 'remote' ? 'not-kept' : 'signed-out';
  if (input.alertState?.connection.auth === 'rejected') return 'rejected';
  // Already past `exp` still reads "expiring" until the server says no: the window shows the date either way.
  if (expiresAt !== undefined && expiresAt - input.now <= input.warningDays * msPerDay) return 'expiring';
  return 'signed-in';
}
