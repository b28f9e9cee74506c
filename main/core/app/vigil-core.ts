// The port between the app's core and the shells that host it (Electron, browser mode): the contract's service,
// its events, and the hooks a shell drives from the operating system.
import type { VigilEvent, VigilEventPayloads, VigilService } from '../../../common/ipc/contract.ts';

export interface VigilCore {
  /** What the window may call; arguments already checked against the contract by the transport. */
  readonly service: VigilService;
  /** Subscribes to a contract event (status changes, alerts); returns the unsubscribe function. */
  on<E extends VigilEvent>(event: E, listener: (payload: VigilEventPayloads[E]) => void): () => void;
  /** The machine sleeps or the network is gone: polling pauses. */
  suspend(): void;
  /** Awake or online again: polling resumes with an immediate poll. */
  resume(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
