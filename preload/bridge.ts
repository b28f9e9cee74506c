// Builds the `window.vigil` object from the contract's names: each method becomes an `invoke` of its channel,
// each event a subscription that hands the listener the payload only (never the IpcRendererEvent, whose
// `sender` would give the page a way back to raw IPC). Nothing else is exposed: no raw ipcRenderer, no generic
// invoke. Kept free of runtime electron imports so it is tested in plain Node.
import type { VigilCallError } from '../common/ipc/contract.ts';

/** Channel prefix of the contract (common/ipc/contract.ts `channelPrefix`; a test checks they agree). */
const channelPrefix = 'vigil:';
/** The arguments main passes (main/electron/ipc/contract-arguments.ts; a test checks the round trip). */
const methodsArgument = '--vigil-methods=';
const eventsArgument = '--vigil-events=';

const methodName = /^[a-z][A-Za-z0-9]{0,63}$/;
const eventName = /^on[A-Z][A-Za-z0-9]{0,63}$/;

export interface ContractNames {
  methods: string[];
  events: string[];
}

type CallResult = { ok: true; value: unknown } | { ok: false; error: VigilCallError };

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

function namesAfter(argv: readonly string[], prefix: string, pattern: RegExp): string[] | undefined {
  const argument = argv.find((value) => value.startsWith(prefix));
  if (argument === undefined) return undefined;
  const names = argument.slice(prefix.length).split(',');
  const valid = names.every((name) => pattern.test(name)) && new Set(names).size === names.length;
  return valid ? names : undefined;
}

/** The contract's names from the renderer's command line, or undefined if main did not pass them (or they are malformed). */
export function readContractNames(argv: readonly string[]): ContractNames | undefined {
  const methods = namesAfter(argv, methodsArgument, methodName);
  const events = namesAfter(argv, eventsArgument, eventName);
  if (methods === undefined || events === undefined) return undefined;
  if (methods.some((name) => events.includes(name))) return undefined;
  return { methods, events };
}

/** A failed call rejects with the plain VigilCallError object (code, message, details): contextBridge copies plain
 * objects whole, while an Error thrown across it would lose everything but its message. */
function unwrap(result: unknown): unknown {
  const outcome = result as CallResult;
  if (outcome.ok) return outcome.value;
  return Promise.reject(outcome.error);
}

export interface ContextBridgeLike {
  exposeInMainWorld(key: string, api: Record<string, unknown>): void;
}

/** Exposes `window.vigil`; returns false (exposing nothing) when main passed no valid contract names. */
export function exposeVigilApi(contextBridge: ContextBridgeLike, ipc: IpcRendererLike, argv: readonly string[]): boolean {
  const names = readContractNames(argv);
  if (names === undefined) return false;
  contextBridge.exposeInMainWorld('vigil', buildVigilApi(ipc, names));
  return true;
}

export function buildVigilApi(ipc: IpcRendererLike, names: ContractNames): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const method of names.methods) {
    const channel = `${channelPrefix}${method}`;
    api[method] = (...args: unknown[]) => ipc.invoke(channel, ...args).then(unwrap);
  }
  for (const event of names.events) {
    const channel = `${channelPrefix}${event}`;
    api[event] = (listener: unknown) => {
      if (typeof listener !== 'function') throw new TypeError(`${event} needs a listener function.`);
      const forward = (_event: unknown, payload: unknown) => (listener as (payload: unknown) => void)(payload);
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    };
  }
  return api;
}
