// The contract's events inside the core: listeners per event, each called in turn; one that throws is logged
// and does not keep the others from hearing.
import type { VigilEvent, VigilEventPayloads } from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';

type Listeners = { [E in VigilEvent]: Set<(payload: VigilEventPayloads[E]) => void> };

export class CoreEvents {
  readonly #logger: Logger;
  readonly #listeners: Listeners = { onDidChangeStatus: new Set(), onAlert: new Set(), onOpenItem: new Set() };

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  on<E extends VigilEvent>(event: E, listener: (payload: VigilEventPayloads[E]) => void): () => void {
    const listeners: Listeners[E] = this.#listeners[event];
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  emit<E extends VigilEvent>(event: E, payload: VigilEventPayloads[E]): void {
    const listeners: Listeners[E] = this.#listeners[event];
    for (const listener of [...listeners]) {
      try {
        listener(payload);
      } catch (error) {
        this.#logger.error(`A listener for ${event} failed.`, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}
