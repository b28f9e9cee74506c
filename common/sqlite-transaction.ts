// One transaction over a node:sqlite database, for the service's storage and the core's history record alike.
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
