// Domain monitors and what their last RDAP lookup found.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export interface DomainRecord {
  seq: number;
  id: string;
  domain: string;
  expiresOn: string | undefined;
  registrar: string | undefined;
  lookedUpAt: number | undefined;
  lookupError: string | undefined;
  alertedThreshold: number | undefined;
  createdAt: string;
}

export interface DomainLookup {
  expiresOn: string | undefined;
  registrar: string | undefined;
  error: string | undefined;
  at: number;
}

interface DomainRow {
  seq: number;
  id: string;
  domain: string;
  expires_on: string | null;
  registrar: string | null;
  looked_up_at: number | null;
  lookup_error: string | null;
  alerted_threshold: number | null;
  created_at: string;
}

function toRecord(row: DomainRow): DomainRecord {
  return {
    seq: row.seq,
    id: row.id,
    domain: row.domain,
    expiresOn: row.expires_on ?? undefined,
    registrar: row.registrar ?? undefined,
    lookedUpAt: row.looked_up_at ?? undefined,
    lookupError: row.lookup_error ?? undefined,
    alertedThreshold: row.alerted_threshold ?? undefined,
    createdAt: row.created_at,
  };
}

export class DomainStore {
  readonly #insert: StatementSync;
  readonly #byId: StatementSync;
  readonly #byName: StatementSync;
  readonly #all: StatementSync;
  readonly #count: StatementSync;
  readonly #delete: StatementSync;
  readonly #saveLookup: StatementSync;
  readonly #setAlerted: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare('INSERT INTO domains (id, domain, created_at) VALUES (?, ?, ?) RETURNING *');
    this.#byId = db.prepare('SELECT * FROM domains WHERE id = ?');
    this.#byName = db.prepare('SELECT * FROM domains WHERE domain = ?');
    this.#all = db.prepare('SELECT * FROM domains ORDER BY seq');
    this.#count = db.prepare('SELECT count(*) AS n FROM domains');
    this.#delete = db.prepare('DELETE FROM domains WHERE id = ? RETURNING *');
    this.#saveLookup = db.prepare(
      `UPDATE domains SET expires_on = ?, registrar = ?, alerted_threshold = ?, looked_up_at = ?, lookup_error = ?
       WHERE seq = ? RETURNING *`,
    );
    this.#setAlerted = db.prepare('UPDATE domains SET alerted_threshold = ? WHERE seq = ?');
  }

  create(id: string, domain: string, now: string): DomainRecord {
    return toRecord(this.#insert.get(id, domain, now) as unknown as DomainRow);
  }

  get(id: string): DomainRecord | undefined {
    const row = this.#byId.get(id) as DomainRow | undefined;
    return row && toRecord(row);
  }

  findByName(domain: string): DomainRecord | undefined {
    const row = this.#byName.get(domain) as DomainRow | undefined;
    return row && toRecord(row);
  }

  all(): DomainRecord[] {
    return (this.#all.all() as unknown as DomainRow[]).map(toRecord);
  }

  count(): number {
    return (this.#count.get() as { n: number }).n;
  }

  delete(id: string): DomainRecord | undefined {
    const row = this.#delete.get(id) as DomainRow | undefined;
    return row && toRecord(row);
  }

  /**
   * Saves a lookup. A failed one keeps what an earlier lookup found (a flaky registry must not erase a known
   * expiry); a later expiry than before is a renewal and re-arms the expiry alerts.
   */
  saveLookup(record: DomainRecord, lookup: DomainLookup): DomainRecord | undefined {
    const failed = lookup.error !== undefined;
    const expiresOn = failed ? record.expiresOn : lookup.expiresOn;
    const registrar = failed ? record.registrar : lookup.registrar;
    const renewed = expiresOn !== undefined && record.expiresOn !== undefined && expiresOn > record.expiresOn;
    const alerted = renewed ? undefined : record.alertedThreshold;
    const row = this.#saveLookup.get(
      expiresOn ?? null, registrar ?? null, alerted ?? null, lookup.at, lookup.error ?? null, record.seq,
    ) as DomainRow | undefined;
    return row && toRecord(row);
  }

  setAlertedThreshold(seq: number, days: number | undefined): void {
    this.#setAlerted.run(days ?? null, seq);
  }
}
