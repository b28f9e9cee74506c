// The service's SQLite database, through Node 24's built-in `node:sqlite` (no native addon to build or ship).
// WAL mode. The main connection uses synchronous=FULL: a write that returned has reached the disk, so it survives
// a kill -9 or a power cut. The check history gets its own connection with synchronous=NORMAL (see
// check-history-store.ts), so its frequent batches do not wait for the disk on the event loop.
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { migrations } from './migrations.ts';

export const databaseFileName = 'vigil.sqlite';

export function openDatabase(dataDir: string, synchronous: 'FULL' | 'NORMAL' = 'FULL'): DatabaseSync {
  const db = new DatabaseSync(path.join(dataDir, databaseFileName));
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = ${synchronous};
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
  `);
  migrate(db);
  return db;
}

function migrate(db: DatabaseSync): void {
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (current > migrations.length) {
    throw new Error(`the database was written by a newer Vigil (schema ${current}, this one knows ${migrations.length})`);
  }
  for (let version = current; version < migrations.length; version++) {
    transaction(db, () => {
      db.exec(migrations[version] ?? '');
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
