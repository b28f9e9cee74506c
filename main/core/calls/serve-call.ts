// The one call server, behind every transport (Electron's IPC, browser mode's WebSocket), after VS Code's
// ChannelServer: the sender, then the method, then the arguments are checked, the core's method runs, and its
// outcome crosses as data. Never throws: whatever arrives, the answer is a CallResult.
import { checkCall } from '../../../common/ipc/call-check.ts';
import type { CallResult, CoreCalls } from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';
import { toCallError } from './call-error.ts';

export interface CallSender {
  /** Why this sender may not use the contract (a foreign frame, say), when it may not. */
  refusal: string | undefined;
}

export const trustedSender: CallSender = { refusal: undefined };

type AnyCall = (...args: unknown[]) => Promise<unknown>;

export async function serveCall(calls: CoreCalls, method: string, args: unknown, sender: CallSender, logger: Logger): Promise<CallResult> {
  if (sender.refusal !== undefined) {
    // Before the arguments: a foreign page learns nothing about the schemas.
    logger.warn(`Refused a call of ${method.slice(0, 100)}: ${sender.refusal}.`);
    return { ok: false, error: { code: 'forbidden', message: 'This page may not use Vigil.' } };
  }
  const checked = checkCall(method, args);
  if (!checked.ok) return checked;
  try {
    const call = calls[checked.method] as AnyCall;
    return { ok: true, value: await call.apply(calls, checked.args) };
  } catch (error) {
    const callError = toCallError(error, checked.method, logger);
    // The method and the sentence only: arguments may carry a token.
    logger.warn(`A call of ${checked.method} failed.`, { method: checked.method, error: callError.message });
    return { ok: false, error: callError };
  }
}
