// Vigil's own record of the saved connections on this computer (history.sqlite), opened read-only on first use and
// shared by every server a command reads.
import { systemClock } from '../../common/clock.ts';
import type { Logger } from '../../common/logger.ts';
import { HistoryDatabase } from '../core/history/history-database.ts';
import { RecordReads } from '../core/history/record-reads.ts';
import type { RecordSource } from '../core/history/record-source.ts';
import { defaultSettingsDir } from '../core/settings/settings-dir.ts';
import type { Target } from './server-choice.ts';

export class CliRecord {
  readonly #logger: Logger;
  #reads: RecordReads | undefined;
  #database: HistoryDatabase | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** The server's record when the app has watched it (only a saved connection has one). */
  of(target: Target): RecordSource | undefined {
    const connection = target.connection;
    if (connection === undefined) return undefined;
    if (this.#reads === undefined) {
      this.#database = HistoryDatabase.openForReading(defaultSettingsDir(), this.#logger, systemClock);
      if (this.#database === undefined) return undefined;
      this.#reads = new RecordReads(this.#database);
    }
    return this.#reads.hasWatched(connection.id) ? { reads: this.#reads, connectionId: connection.id, watching: undefined } : undefined;
  }

  close(): void {
    this.#database?.close();
  }
}
