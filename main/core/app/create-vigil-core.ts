// The app's core for a shell to host: the contract's service, its events, and the operating system's hooks.
// Every port comes in through the options; nothing global is wired here.
import type { VigilCore } from './vigil-core.ts';
import { CoreRuntime, type VigilCoreOptions } from './core-runtime.ts';
import { vigilService } from './vigil-service.ts';

export type { VigilCoreOptions } from './core-runtime.ts';

/** Builds the core (it reads nothing and starts nothing until `start()`). */
export async function createVigilCore(options: VigilCoreOptions): Promise<VigilCore> {
  const runtime = new CoreRuntime(options);
  return {
    service: vigilService(runtime),
    on: (event, listener) => runtime.on(event, listener),
    suspend: () => runtime.suspend(),
    resume: () => runtime.resume(),
    start: () => runtime.start(),
    stop: () => runtime.stop(),
  };
}
