// The app's core for a shell to host: the contract's calls, its events, and the operating system's hooks.
// Every port comes in through the options; nothing global is wired here.
import { coreCalls } from '../calls/core-calls.ts';
import { CoreRuntime, type VigilCoreOptions } from './core-runtime.ts';
import type { VigilCore } from './vigil-core.ts';

export type { VigilCoreOptions } from './core-runtime.ts';

/** Builds the core (it reads nothing and starts nothing until `start()`). */
export async function createVigilCore(options: VigilCoreOptions): Promise<VigilCore> {
  const runtime = new CoreRuntime(options);
  return {
    calls: coreCalls(runtime),
    logger: options.logger,
    on: (event, listener) => runtime.on(event, listener),
    suspend: () => runtime.suspend(),
    resume: () => runtime.resume(),
    start: () => runtime.start(),
    stop: () => runtime.stop(),
  };
}
