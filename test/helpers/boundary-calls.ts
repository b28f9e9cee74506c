// The contract's calls as a window makes them, for tests that drive a real core in process: each one goes through
// the one call server (arguments checked, failures translated) and rejects with the plain VigilCallError, as the
// preload bridge and the browser-mode socket do.
import { methodNames, type VigilCalls } from '../../common/ipc/contract.ts';
import type { VigilCore } from '../../main/core/app/vigil-core.ts';
import { serveCall, trustedSender } from '../../main/core/calls/serve-call.ts';

export function boundaryCalls(core: Pick<VigilCore, 'calls' | 'logger'>): VigilCalls {
  const calls: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of methodNames) {
    calls[method] = async (...args) => {
      const result = await serveCall(core.calls, method, args, trustedSender, core.logger);
      if (result.ok) return result.value;
      throw result.error;
    };
  }
  return calls as VigilCalls;
}
