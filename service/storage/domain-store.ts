// Domain monitors and what their last RDAP lookup found.
import { resourceStore } from './statements.ts';

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

const queries = {
  insert: 'INSERT INTO domains (id, domain, created_at) VALUES (?, ?, ?) RETURNING *',
  byName: 'SELECT * FROM domains WHERE domain = ?',
  saveLookup: `UPDATE domains SET expires_on = ?, registrar = ?, alerted_threshold = ?, looked_up_at = ?, lookup_error = ?
   WHERE seq = ? RETURNING *`,
  setAlerted: 'UPDATE domains SET alerted_threshold = ? WHERE seq = ?',
};

export class DomainStore extends resourceStore('domains', 'seq', toRecord, queries) {
  create(id: string, domain: string, now: string): DomainRecord {
    return toRecord(this.sql.insert.get(id, domain, now) as unknown as DomainRow);
  }

  findByName(domain: string): DomainRecord | undefined {
    return this.item(this.sql.byName.get(domain));
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
    return this.item(this.sql.saveLookup.get(expiresOn ?? null, registrar ?? null, alerted ?? null, lookup.at, lookup.error ?? null, record.seq));
  }

  setAlertedThreshold(seq: number, days: number | undefined): void {
    this.sql.setAlerted.run(days ?? null, seq);
  }
}
