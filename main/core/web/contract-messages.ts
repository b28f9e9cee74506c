// The contract over browser mode's WebSocket, server side. A message in is `{ id, method, args }`; the answer is
// `{ id, ok: true, value }` or `{ id, ok: false, error }` with a VigilCallError (one sentence, never a stack);
// core events go out as `{ event, payload }`. The browser side is renderer/transport/websocket-vigil-api.ts.
import { checkCall, type VigilCallError, type VigilEvent, type VigilService } from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';

/** Larger messages close the socket (1009); no call's arguments come near this. */
export const maxMessageBytes = 1024 * 1024;

export type CallId = string | number;
export type ContractReply = { id: CallId | null; ok: true; value: unknown } | { id: CallId | null; ok: false; error: VigilCallError };

const errorCodes: ReadonlySet<string> = new Set<VigilCallError['code']>(['invalid-arguments', 'unknown-method', 'forbidden', 'failed']);

/** Answers one message from the page. Never throws: whatever arrives, the reply is a ContractReply. */
export async function answerMessage(service: VigilService, text: string, logger: Logger): Promise<ContractReply> {
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
  const checked = checkCall(method, args);
  if (!checked.ok) return { id, ok: false, error: checked.error };
  try {
    const run = service[checked.method] as (...values: unknown[]) => Promise<unknown>;
    return { id, ok: true, value: await run.apply(service, checked.args) };
  } catch (error) {
    const callError = callErrorFrom(error);
    // The method name and the sentence only: arguments may carry a token.
    logger.warn('A browser-mode call failed.', { method: checked.method, error: callError.message });
    return { id, ok: false, error: callError };
  }
}

/** The reply as text; a value that cannot be sent as JSON becomes a failure instead. */
export function serializeReply(reply: ContractReply): string {
  try {
    return JSON.stringify(reply);
  } catch {
    return JSON.stringify({ id: reply.id, ok: false, error: { code: 'failed', message: 'The answer could not be sent to the page.' } });
  }
}

export function serializeEvent(event: VigilEvent, payload: unknown): string {
  return JSON.stringify({ event, payload });
}

/** A thrown VigilCallError (the core's VigilCoreError) keeps its code and details; any other error becomes `failed` with the first line of its message. */
export function callErrorFrom(error: unknown): VigilCallError {
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) {
    const { code, message } = error;
    if (typeof code === 'string' && errorCodes.has(code) && typeof message === 'string' && message.trim() !== '') {
      const details = detailsOf((error as { details?: unknown }).details);
      return { code: code as VigilCallError['code'], message: firstLine(message), ...(details ? { details } : {}) };
    }
  }
  if (error instanceof Error && error.message.trim() !== '') return { code: 'failed', message: firstLine(error.message) };
  return { code: 'failed', message: 'The call failed inside Vigil.' };
}

function detailsOf(details: unknown): VigilCallError['details'] {
  if (!Array.isArray(details)) return undefined;
  const valid = details.filter(
    (detail): detail is { field: string; message: string } => typeof detail?.field === 'string' && typeof detail?.message === 'string',
  );
  return valid.length > 0 ? valid.slice(0, 50).map(({ field, message }) => ({ field, message: firstLine(message) })) : undefined;
}

function refuse(id: CallId | null, message: string): ContractReply {
  return { id, ok: false, error: { code: 'invalid-arguments', message } };
}

function isCallId(id: unknown): id is CallId {
  return (typeof id === 'string' && id.length > 0 && id.length <= 100) || Number.isSafeInteger(id);
}

function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
