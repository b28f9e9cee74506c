// The port between the app's core and the shells that host it (Electron, browser mode): the contract's calls,
// the core's events, and the hooks a shell drives from the operating system.
import type { CoreCalls, CoreEvent, EventPayload } from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';

export interface VigilCore {
  /** What the window may call, through the call server (calls/serve-call.ts), which checks the arguments first. */
  readonly calls: CoreCalls;
  /** Where the call server reports refusals and failures. */
  readonly logger: Logger;
  /** Subscribes to a core event (status changes, alerts); returns the unsubscribe function. */
  on<E extends CoreEvent>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** The machine sleeps or the network is gone: polling pauses. */
  suspend(): void;
  /** Awake or online again: polling resumes with an immediate poll. */
  resume(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
