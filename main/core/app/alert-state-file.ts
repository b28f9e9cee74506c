// The alert policy's memory on disk (`alert-state.json`), one entry per connection, saved after each poll so
// news already told is not told again after a restart. Entries are read back through `restoreAlertState`,
// which drops whatever it cannot use.
import { z } from 'zod';
import type { Clock } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { restoreAlertState, type AlertState } from '../alerts/index.ts';
import { JsonFileStore } from '../storage/json-file-store.ts';

const alertStateFileSchema = z.object({
  version: z.literal(1).default(1),
  connections: z.record(z.string(), z.unknown()).default(() => ({})),
});

type AlertStateFileContent = z.output<typeof alertStateFileSchema>;

export class AlertStateFile {
  readonly #store: JsonFileStore<AlertStateFileContent>;

  constructor(options: { directory: string; logger: Logger; clock?: Pick<Clock, 'now'> }) {
    this.#store = new JsonFileStore({ ...options, name: 'alert-state', schema: alertStateFileSchema });
  }

  /** Every connection's remembered state, as the app starts (not yet primed). */
  load(): Map<string, AlertState> {
    const states = new Map<string, AlertState>();
    for (const [id, persisted] of Object.entries(this.#store.read().connections)) states.set(id, restoreAlertState(persisted));
    return states;
  }

  save(connectionId: string, state: AlertState): void {
    this.#store.update((current) => ({ ...current, connections: { ...current.connections, [connectionId]: state } }));
  }

  remove(connectionId: string): void {
    this.#store.update((current) => {
      const { [connectionId]: _removed, ...connections } = current.connections;
      return { ...current, connections };
    });
  }
}
