// The alert policy's memory on disk (`alert-state.json`), one entry per connection, saved after each poll so
// news already told is not told again after a restart. Each save writes the whole file from memory: reading it back
// first cost more than the poll once thousands of items were down. Entries are read back through `restoreAlertState`,
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
  /** Every connection's state as last read or saved: this process is the file's only writer, so a save writes this
   * without reading the whole file back. */
  #connections: Record<string, unknown> | undefined;

  constructor(options: { directory: string; logger: Logger; clock?: Pick<Clock, 'now'> }) {
    this.#store = new JsonFileStore({ ...options, name: 'alert-state', schema: alertStateFileSchema });
  }

  /** Every connection's remembered state, as the app starts (not yet primed). */
  load(): Map<string, AlertState> {
    this.#connections = { ...this.#store.read().connections };
    const states = new Map<string, AlertState>();
    for (const [id, persisted] of Object.entries(this.#connections)) states.set(id, restoreAlertState(persisted));
    return states;
  }

  save(connectionId: string, state: AlertState): void {
    const connections = this.#known();
    connections[connectionId] = state;
    this.#store.replace({ version: 1, connections });
  }

  remove(connectionId: string): void {
    const { [connectionId]: _removed, ...connections } = this.#known();
    this.#connections = connections;
    this.#store.replace({ version: 1, connections });
  }

  #known(): Record<string, unknown> {
    this.#connections ??= { ...this.#store.read().connections };
    return this.#connections;
  }
}
