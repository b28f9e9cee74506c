// The core's events (contract.ts `coreEvents`): listeners per event, each called in turn; one that throws is logged
// and does not keep the others from hearing.
import type { CoreEvent, EventPayload } from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';

type Listener<E extends CoreEvent> = (payload: EventPayload<E>) => void;

export class CoreEvents {
  readonly #logger: Logger;
  readonly #listeners = new Map<CoreEvent, Set<Listener<CoreEvent>>>();

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  on<E extends CoreEvent>(event: E, listener: Listener<E>): () => void {
    let listeners = this.#listeners.get(event);
    if (listeners === undefined) this.#listeners.set(event, (listeners = new Set()));
    const entry = listener as Listener<CoreEvent>;
    listeners.add(entry);
    return () => void listeners.delete(entry);
  }

  emit<E extends CoreEvent>(event: E, payload: EventPayload<E>): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        this.#logger.error(`A listener for ${event} failed.`, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}
