// The Electron transport of the contract, generated from it: one `ipcMain.handle` per method, and one channel
// per event. Each call is checked in order — sender, then arguments — before the core sees it, and its outcome
// crosses as data ({ ok, value } or { ok: false, error }), so no Error object or stack ever reaches the page.
import {
  channelOf,
  checkCall,
  vigilEvents,
  vigilMethods,
  type VigilCallError,
  type VigilMethod,
} from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';
import type { VigilCore } from '../../core/app/vigil-core.ts';
import { senderProblem, type InvokeSender } from './sender-check.ts';
import type { TrustedWindows } from './trusted-windows.ts';

export type CallResult = { ok: true; value: unknown } | { ok: false; error: VigilCallError };

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeSender, ...args: unknown[]) => Promise<CallResult>): void;
  removeHandler(channel: string): void;
}

export interface ContractTransportOptions {
  ipcMain: IpcMainLike;
  core: Pick<VigilCore, 'service' | 'on'>;
  trusted: Pick<TrustedWindows, 'has' | 'showingApp'>;
  logger: Logger;
}

const maxMessageLength = 500;
const callErrorCodes = new Set<string>(['invalid-arguments', 'unknown-method', 'forbidden', 'failed']);

/** An error the core threw, as one sentence for the page; a VigilCallError-shaped one passes through. */
export function toCallError(error: unknown): VigilCallError {
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as Partial<VigilCallError>;
    if (typeof code === 'string' && callErrorCodes.has(code) && typeof message === 'string') {
      return Array.isArray(details) ? { code, message: clip(message), details } : { code, message: clip(message) };
    }
    if (error instanceof Error && error.message.trim() !== '') return { code: 'failed', message: clip(error.message) };
  }
  return { code: 'failed', message: 'The operation failed.' };
}

function clip(message: string): string {
  const firstLine = message.split('\n', 1)[0] ?? '';
  return firstLine.length <= maxMessageLength ? firstLine : `${firstLine.slice(0, maxMessageLength - 1)}…`;
}

/** Registers every method of the contract; returns the function that removes them all. */
export function registerContract(options: ContractTransportOptions): () => void {
  const { ipcMain, core, trusted, logger } = options;
  const methods = Object.keys(vigilMethods) as VigilMethod[];
  for (const method of methods) {
    ipcMain.handle(channelOf(method), async (event, ...args): Promise<CallResult> => {
      const problem = senderProblem(event, (id) => trusted.has(id));
      if (problem !== undefined) {
        logger.warn(`Refused a call of ${method}: ${problem}.`);
        return { ok: false, error: { code: 'forbidden', message: 'This page may not use Vigil.' } };
      }
      const call = checkCall(method, args);
      if (!call.ok) return call;
      const invoke = core.service[call.method] as (...callArgs: unknown[]) => Promise<unknown>;
      try {
        return { ok: true, value: await invoke.apply(core.service, call.args) };
      } catch (error) {
        const callError = toCallError(error);
        logger.warn(`${method} failed: ${callError.message}`);
        return { ok: false, error: callError };
      }
    });
  }
  return () => {
    for (const method of methods) ipcMain.removeHandler(channelOf(method));
  };
}

/** Sends every contract event to the trusted windows showing the app; returns the unsubscribe function. */
export function forwardEvents(options: Omit<ContractTransportOptions, 'ipcMain'>): () => void {
  const { core, trusted, logger } = options;
  const unsubscribes = vigilEvents.map((event) =>
    core.on(event, (payload) => {
      for (const contents of trusted.showingApp()) {
        try {
          contents.send(channelOf(event), payload);
        } catch (error) {
          logger.warn(`Could not send ${event} to a window.`, { error: String(error) });
        }
      }
    }),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
