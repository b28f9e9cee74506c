// Domain monitors and what their last RDAP lookup found. A record is its row (statements.ts): the fields of the
// domain's table in common/api/ a person gives, and what the service keeps of its lookups and alerts.
import { domainFields, type DomainCreateBody } from '../../common/api/domain.ts';
import { fieldsWhere, type EditableKey } from '../../common/api/resource-fields.ts';
import { annotationColumns, columnValues, insertInto, resourceStore, updateIn, type RecordOf, type WithInputColumns } from './statements.ts';

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

/** What an edit (PATCH /domains/{id}) may change: the fields the domain's table marks editable, each as it stands after. */
export type DomainEdited = { readonly [Column in EditableKey<typeof domainFields>]: DomainRecord[Column] };

const columns = ['id', 'created_at', ...fieldsWhere(domainFields, (spec) => spec.input !== undefined)];
const editableColumns = fieldsWhere<EditableKey<typeof domainFields>>(domainFields, (spec) => spec.editable === true);
const annotations = annotationColumns(domainFields);

const queries = {
  insert: insertInto('domains', columns),
  edit: updateIn('domains', editableColumns),
  byName: 'SELECT * FROM domains WHERE domain = ?',
  saveLookup: `UPDATE domains SET expires_on = ?, registrar = ?, alerted_threshold = ?, looked_up_at = ?, lookup_error = ?
   WHERE seq = ? RETURNING *`,
  setAlerted: 'UPDATE domains SET alerted_threshold = ? WHERE seq = ?',
};

export class DomainStore extends resourceStore<DomainRow, typeof queries>('domains', 'seq', queries) {
  create(id: string, fields: DomainCreateBody, now: string): DomainRecord {
    return this.made(this.sql.insert.get(...columnValues({ ...fields, id, created_at: now }, columns, annotations)));
  }

  /** Writes the editable fields as given; the edited domain, or undefined when there is none with this id. */
  edit(id: string, edited: DomainEdited): DomainRecord | undefined {
    return this.item(this.sql.edit.get(...columnValues(edited, editableColumns, annotations), id));
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
