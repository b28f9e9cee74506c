// The client's history database in a fresh folder for each test, on the test's clock, with the file read as another
// reader sees it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach } from 'vitest';
import type { Clock } from '../../../common/clock.ts';
import { HistoryDatabase, historyFileName } from '../../../main/core/history/history-database.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';

export interface HistoryFile {
  readonly dir: string;
  readonly database: HistoryDatabase;
  /** Closes the database and opens it again on the same folder, as Vigil's next start does; `whileClosed` runs between. */
  reopen(whileClosed?: () => void): void;
  /** The rows `sql` reads from the file, opened read-only beside the test's database. */
  query<T>(sql: string, ...parameters: (string | number)[]): T[];
}

/** Opens the database in a folder named `<prefix>…` before each test and closes and removes both after it. */
export function historyFileForEachTest(prefix: string, clock: Pick<Clock, 'now'>): HistoryFile {
  let dir = '';
  let database: HistoryDatabase | undefined;
  const open = () => new HistoryDatabase({ directory: dir, logger: recordingLogger(), clock });
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
    database = open();
  });
  afterEach(() => {
    database?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get database() {
      if (database === undefined) throw new Error('the history database opens before each test: use it inside one');
      return database;
    },
    reopen(whileClosed) {
      database?.close();
      whileClosed?.();
      database = open();
    },
    query<T>(sql: string, ...parameters: (string | number)[]): T[] {
      const db = new DatabaseSync(path.join(dir, historyFileName), { readOnly: true });
      try {
        return db.prepare(sql).all(...parameters) as T[];
      } finally {
        db.close();
      }
    },
  };
}
