// One transaction over a node:sqlite database, for the service's storage and the core's history record alike; and
// how both tell a damaged file from other trouble.
// Typed by shape, so `common/` stays free of `node:*`. BEGIN IMMEDIATE takes the write lock at once, so a second
// connection waits for it (busy_timeout) rather than failing halfway through.

export interface TransactionalDatabase {
  exec(sql: string): void;
  readonly isTransaction: boolean;
}

/** Runs `work` in one transaction: everything it writes lands together or not at all. */
export function transaction<T>(db: TransactionalDatabase, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** SQLite's "corrupt" (11) and "not a database" (26): the file itself is unusable, unlike a full disk or a lock. */
const damagedFileCodes = new Set([11, 26]);

export function isDamagedDatabaseError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && damagedFileCodes.has((error as { errcode?: unknown }).errcode as number);
}
