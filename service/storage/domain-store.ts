// Domain monitors and what their last RDAP lookup found. A record is its row (statements.ts): the fields of the
// domain's table in common/api/ a person gives, and what the service keeps of its lookups and alerts.
import { domainFields, type DomainCreateBody } from '../../common/api/domain.ts';
import { tableStore, type RecordOf, type WithInputColumns } from './statements.ts';

export interface DomainLookup {
  expiresOn: string | undefined;
  registrar: string | undefined;
  error: string | undefined;
  at: number;
}

interface DomainColumns {
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

type DomainRow = WithInputColumns<DomainColumns, typeof domainFields>;

export type DomainRecord = RecordOf<DomainRow>;

const queries = {
  byName: 'SELECT * FROM domains WHERE domain = ?',
  saveLookup: `UPDATE domains SET expires_on = ?, registrar = ?, alerted_threshold = ?, looked_up_at = ?, lookup_error = ?
   WHERE seq = ? RETURNING *`,
  setAlerted: 'UPDATE domains SET alerted_threshold = ? WHERE seq = ?',
};

export class DomainStore extends tableStore<DomainRow, typeof queries>('domains', 'seq', { fields: domainFields, fixed: ['id', 'created_at'] }, queries) {
  create(id: string, fields: DomainCreateBody, now: string): DomainRecord {
    return this.inserted({ ...fields, id, created_at: now });
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
    const expiresOn = failed ? record.expires_on : lookup.expiresOn;
    const registrar = failed ? record.registrar : lookup.registrar;
    const renewed = expiresOn !== undefined && record.expires_on !== undefined && expiresOn > record.expires_on;
    const alerted = renewed ? undefined : record.alerted_threshold;
    return this.item(this.sql.saveLookup.get(expiresOn ?? null, registrar ?? null, alerted ?? null, lookup.at, lookup.error ?? null, record.seq));
  }

  setAlertedThreshold(seq: number, days: number | undefined): void {
    this.sql.setAlerted.run(days ?? null, seq);
  }
}
