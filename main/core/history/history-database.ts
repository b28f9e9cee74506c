// Vigil's own record on disk: `history.sqlite` in the app's data folder, through node:sqlite like the service's
// database. WAL with synchronous=NORMAL: a committed write is in the WAL file, which the operating system holds,
// so it survives kill -9 of the app; a power cut may lose the last moments, and no poll waits for the disk.
//
// The record must never stop the app. A file that cannot be opened or read as the record (corrupt, not a
// database, written by a newer Vigil) is moved aside, never deleted, and a new one is started; what happened is
// logged and kept in `notes` for the window. A write that fails for another reason (the disk is full) is logged
// and skipped: the next poll writes again.
import fs, { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Clock } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { tightenPrivateFolder } from '../../../common/private-files.ts';
import { isDamagedDatabaseError } from '../../../common/sqlite-transaction.ts';
import { historyMigrations } from './history-schema.ts';

export const historyFileName = 'history.sqlite';

export interface HistoryDatabaseOptions {
  /** The folder of history.sqlite; undefined keeps the record in memory (tests, or when the folder is unusable). */
  directory: string | undefined;
  logger: Logger;
  clock: Pick<Clock, 'now'>;
}

export class HistoryDatabase {
  readonly #options: HistoryDatabaseOptions;
  readonly #statements = new Map<string, StatementSync>();
  /** Operations failing right now: each is logged once until it works again. */
  readonly #failing = new Set<string>();
  #db: DatabaseSync;
  #generation = 0;
  /** Sentences for the window about what happened to the record. */
  readonly notes: string[] = [];

  /** Opens (or creates) the record in `options.directory`; `opened` is a database already open (for reading). */
  constructor(options: HistoryDatabaseOptions, opened?: DatabaseSync) {
    this.#options = options;
    this.#db = opened ?? this.#openOrReplace();
  }

  /**
   * The record as another program (the CLI) reads it while the app may be writing: read-only and never repaired;
   * undefined when there is none, or none this Vigil can read.
   */
  static openForReading(directory: string, logger: Logger, clock: Pick<Clock, 'now'>): HistoryDatabase | undefined {
    const file = path.join(directory, historyFileName);
    if (!existsSync(file)) return undefined;
    try {
      const db = new DatabaseSync(file, { readOnly: true, timeout: 2000 });
      const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
      if (version === historyMigrations.length) return new HistoryDatabase({ directory: undefined, logger, clock }, db);
      db.close();
    } catch {
      // Unreadable here is the same as no record: the app repairs it when it next starts.
    }
    return undefined;
  }

  /**
   * Runs `work` on the database and answers its result, or `fallback` when it fails: the failure is logged (once
   * while it lasts), and a file found unusable is moved aside and replaced, so the next call works on a new one.
   */
  use<T>(what: string, work: (db: DatabaseSync) => T, fallback: T): T {
    try {
      const result = work(this.#db);
      this.#failing.delete(what);
      return result;
    } catch (error) {
      if (isDamagedDatabaseError(error)) {
        this.#replace(error);
        return fallback;
      }
      if (!this.#failing.has(what)) {
        this.#failing.add(what);
        this.#options.logger.error(`Vigil's history record could not ${what}; it carries on without it.`, { error: messageOf(error) });
      }
      return fallback;
    }
  }

  /** Counts the files the record has been in: what was read from an earlier one (an item's seq) no longer holds. */
  get generation(): number {
    return this.#generation;
  }

  /** A prepared statement, kept for as long as the file is the same. */
  statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }


  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }

  #openOrReplace(): DatabaseSync {
    const { directory } = this.#options;
    if (directory === undefined) return openAt(':memory:');
    // A record made before Vigil kept it private is made so before SQLite opens it: its -wal and -shm, which SQLite
    // creates with the database's mode, follow.
    for (const problem of tightenPrivateFolder(fs, directory, [historyFileName], process.platform)) this.#options.logger.warn(problem);
    try {
      return openAt(path.join(directory, historyFileName));
    } catch (error) {
      return isDamagedDatabaseError(error) || error instanceof NewerRecordError ? this.#startAfresh(error) : this.#inMemory(error);
    }
  }

  #replace(error: unknown): void {
    this.#statements.clear();
    this.#generation += 1;
    try {
      this.#db.close();
    } catch {
      // Closing a broken file may fail as well; it is moved aside either way.
    }
    this.#db = this.#options.directory === undefined ? openAt(':memory:') : this.#startAfresh(error);
  }

  /** Moves the unusable file aside (never deletes it) and opens a new one in its place. */
  #startAfresh(error: unknown): DatabaseSync {
    const { directory = '', logger, clock } = this.#options;
    const file = path.join(directory, historyFileName);
    const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
    const aside = `${file}.corrupt-${stamp}.bak`;
    try {
      // The WAL and shared-memory files go with the database, under names SQLite pairs with the moved file.
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${aside}${suffix}`);
      const db = openAt(file);
      const why = messageOf(error);
      logger.error(`Vigil's history record could not be read (${why}); it was moved aside as ${path.basename(aside)} and a new one was started.`);
      this.notes.push(
        `Vigil's own record could not be read (${why}), so a new one was started on ${new Date(clock.now()).toISOString().slice(0, 10)}; the old file was kept as ${path.basename(aside)}.`,
      );
      return db;
    } catch (failure) {
      return this.#inMemory(failure);
    }
  }

  /** The folder itself is unusable (no space, no permission): the record lives in memory rather than stop the app. */
  #inMemory(error: unknown): DatabaseSync {
    this.#options.logger.error("Vigil's history record could not be opened; it is kept in memory until Vigil quits.", { error: messageOf(error) });
    this.notes.push("Vigil's own record could not be saved on this computer, so it holds only what Vigil saw since it started.");
    return openAt(':memory:');
  }
}

class NewerRecordError extends Error {}

function openAt(location: string): DatabaseSync {
  const db = new DatabaseSync(location);
  try {
    db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA foreign_keys = ON;
      PRAGMA busy_timeout = 2000;
      -- 512 KiB of pages rather than SQLite's 2 MiB: what a poll writes is the end of each index, and an item page's
      -- read comes from the system's file cache just as fast; the core sits in the tray with this memory all day.
      PRAGMA cache_size = -512;
    `);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: DatabaseSync): void {
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (current > historyMigrations.length) throw new NewerRecordError(`it was written by a newer Vigil (schema ${current})`);
  for (let version = current; version < historyMigrations.length; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(historyMigrations[version] ?? '');
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}


function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
