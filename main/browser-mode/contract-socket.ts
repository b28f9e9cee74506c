// The contract over browser mode's WebSocket, server side: the framing only. A message in is
// `{ id, method, args }`; the answer is `{ id, ...CallResult }` from the one call server (serve-call.ts); core
// events go out as `{ event, payload }`. The browser side is renderer/transport/websocket-vigil-api.ts.
import type { CallResult, CoreEvent } from '../../common/ipc/contract.ts';
import type { VigilCore } from '../core/app/vigil-core.ts';
import { serveCall, trustedSender } from '../core/calls/serve-call.ts';

/** Larger messages close the socket (1009); no call's arguments come near this. */
export const maxMessageBytes = 1024 * 1024;

export type CallId = string | number;
export type ContractReply = { id: CallId | null } & CallResult;

/**
 * Answers one message from the page. Never throws: whatever arrives, the reply is a ContractReply. Every tab has
 * already shown this launch's session cookie and page secret (web-access.ts), so each sender is trusted.
 */
export async function answerMessage(core: Pick<VigilCore, 'calls' | 'logger'>, text: string): Promise<ContractReply> {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return refuse(null, 'The message is not valid JSON.');
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return refuse(null, 'The message is not a call object.');
  const { id, method, args } = message as Record<string, unknown>;
  if (!isCallId(id)) return refuse(null, 'The call has no valid id (a string of up to 100 characters or a whole number).');
  if (typeof method !== 'string') return refuse(id, 'The call names no method.');
  return { id, ...(await serveCall(core.calls, method, args, trustedSender, core.logger)) };
}

/** The reply as text; a value that cannot be sent as JSON becomes a failure instead. */
export function serializeReply(reply: ContractReply): string {
  try {
    return JSON.stringify(reply);
  } catch {
    return JSON.stringify({ id: reply.id, ok: false, error: { code: 'failed', message: 'The answer could not be sent to the page.' } });
  }
}

export function serializeEvent(event: CoreEvent, payload: unknown): string {
  return JSON.stringify({ event, payload });
}

function refuse(id: CallId | null, message: string): ContractReply {
  return { id, ok: false, error: { code: 'invalid-arguments', message } };
}

function isCallId(id: unknown): id is CallId {
  return (typeof id === 'string' && id.length > 0 && id.length <= 100) || Number.isSafeInteger(id);
}
