// The service's SQLite databases, through Node 24's built-in `node:sqlite` (no native addon to build or ship), in
// WAL mode. `vigil.sqlite` holds what the user made (monitors, heartbeats, domains, handlers) and their statuses;
// its connection uses synchronous=FULL: a write that returned has reached the disk, so it survives a kill -9 or a
// power cut. `history.sqlite` holds what happened (history-schema.ts); its connection uses synchronous=NORMAL, so
// its frequent batches do not wait for the disk on the event loop, and a power cut may cost its last moments but
// never a monitor. Two files, so history filling a disk never stands in the way of the durable one's writes.
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { transaction } from '../../common/sqlite-transaction.ts';
import { migrations } from './migrations.ts';

export const databaseFileName = 'vigil.sqlite';

export interface DatabaseSchema {
  file: string;
  migrations: readonly string[];
}

export const mainSchema: DatabaseSchema = { file: databaseFileName, migrations };

export function openDatabase(dataDir: string, synchronous: 'FULL' | 'NORMAL' = 'FULL', schema: DatabaseSchema = mainSchema): DatabaseSync {
  const db = new DatabaseSync(path.join(dataDir, schema.file));
  try {
    db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = ${synchronous};
      PRAGMA foreign_keys = ON;
      PRAGMA busy_timeout = 5000;
    `);
    migrate(db, schema);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function migrate(db: DatabaseSync, schema: DatabaseSchema): void {
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (current > schema.migrations.length) {
    throw new Error(`${schema.file} was written by a newer Vigil (schema ${current}, this one knows ${schema.migrations.length})`);
  }
  for (let version = current; version < schema.migrations.length; version++) {
    transaction(db, () => {
      db.exec(schema.migrations[version] ?? '');
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

