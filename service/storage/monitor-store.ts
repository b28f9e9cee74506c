// Uptime monitors. Every row is also held in memory, in creation order, so reads (pages of 10,000 monitors
// under load, the scheduler's start) never touch the disk; writes go to SQLite first and to memory after.
import type { DatabaseSync } from 'node:sqlite';
import { annotationColumns, columnValues, insertInto, recordOf, withStatements, type RecordOf, type WithInputColumns, type Writable } from './statements.ts';
import type { DnsCheckSpec } from '../../common/api/dns-check-input.ts';
import type { MonitorStatus, MonitorType } from '../../common/api/known.ts';
import { monitorFields } from '../../common/api/monitor.ts';
import type { HttpMethod, MonitorExpect } from '../../common/api/monitor-check-input.ts';
import type { MonitorTls } from '../../common/api/monitor-tls-input.ts';
import { fieldsWhere, type InputKey } from '../../common/api/resource-fields.ts';
import { transaction } from '../../common/sqlite-transaction.ts';

export type { MonitorStatus, MonitorType };

interface MonitorColumns {
  seq: number;
  id: string;
  name: string;
  type: MonitorType;
  url: string;
  frequency: number;
  last_status: MonitorStatus;
  consecutive_failures: number;
  /** Epoch ms when last_status last changed; NULL while unknown and never checked. */
  status_since: number | null;
  created_at: string;
  updated_at: string;
  // http only (§16): the request and expectations, NULL for the defaults and for other types.
  method: HttpMethod | null;
  headers: string | null;
  secret_headers: string | null;
  body: string | null;
  expect: string | null;
  tls: string | null;
  /** NULL for the default: the smaller of 20 s and the frequency. */
  retry_seconds: number | null;
  /** dns only (§16), and always there for that type: the lookup. */
  dns: string | null;
  /** The latest check: when it started (epoch ms), its response time, and why it failed. */
  last_checked_at: number | null;
  last_response_time_ms: number | null;
  last_error: string | null;
  /** https (§16): when the certificate last seen ends (epoch ms), and what verification would refuse when ignored. */
  certificate_expires_at: number | null;
  certificate_warning: string | null;
  /** The smallest certificate alert threshold raised (-1: expired), and the end it was raised for. */
  certificate_alerted_threshold: number | null;
  certificate_alerted_expires_at: number | null;
}

type MonitorRow = WithInputColumns<MonitorColumns, typeof monitorFields>;

/** The columns holding JSON, and what they hold. */
interface JsonColumns {
  headers: Readonly<Record<string, string>>;
  secret_headers: readonly string[];
  expect: MonitorExpect;
  tls: MonitorTls;
  dns: DnsCheckSpec;
}
const JSON_COLUMNS = ['headers', 'secret_headers', 'expect', 'tls', 'dns'] as const satisfies readonly (keyof JsonColumns)[];

/**
 * A monitor as the service keeps it: its row (statements.ts `recordOf`) with the JSON columns read, so an http
 * monitor's record is also its check's request (`HttpCheckRequest`); and the certificate alert raised, as one value.
 */
export type MonitorRecord = Omit<RecordOf<MonitorRow>, keyof JsonColumns> & { readonly [Column in keyof JsonColumns]: JsonColumns[Column] | undefined } & {
  readonly certificateAlerted: CertificateAlerted | undefined;
};

export interface CertificateAlerted {
  threshold: number;
  expiresAt: number;
}

type InputColumn = InputKey<typeof monitorFields>;
/** What a create or a PUT stores: the spec's fields, and the extension's where they are not their defaults. */
export type MonitorFields = Pick<MonitorRecord, 'name' | 'type' | 'url' | 'frequency'> & Partial<Pick<MonitorRecord, InputColumn>>;

/** What the check loop saves after results: the confirmed status and the latest check. */
export type MonitorStatusUpdate = Pick<MonitorRecord, 'seq' | 'last_status' | 'consecutive_failures' | 'status_since'> &
  Partial<Pick<MonitorRecord, 'last_checked_at' | 'last_response_time_ms' | 'last_error' | 'certificate_expires_at' | 'certificate_warning'>>;

function toRecord(row: MonitorRow): MonitorRecord {
  const record: Record<string, unknown> = recordOf(row);
  for (const column of JSON_COLUMNS) if (row[column] !== null) record[column] = JSON.parse(row[column]);
  const { certificate_alerted_threshold: threshold, certificate_alerted_expires_at: expiresAt } = row;
  record['certificateAlerted'] = threshold === null || expiresAt === null ? undefined : { threshold, expiresAt };
  return record as MonitorRecord;
}

/** The columns a person's fields go to: those of the monitor's table (common/api/monitor.ts) with an input. */
const inputColumns: readonly InputColumn[] = fieldsWhere<InputColumn>(monitorFields, (spec) => spec.input !== undefined);
const annotations = annotationColumns(monitorFields);
const at = (column: InputColumn) => `?${inputColumns.indexOf(column) + 1}`;
/** What the status and the latest check are kept across a PUT for: the same target, type and lookup. */
const sameTarget = `type = ${at('type')} AND url = ${at('url')} AND dns IS ${at('dns')}`;
const keptOnSameTarget = ['last_status', 'consecutive_failures', 'status_since', 'last_checked_at', 'last_response_time_ms', 'last_error', 'certificate_expires_at', 'certificate_alerted_threshold', 'certificate_alerted_expires_at', 'certificate_warning'];
const startedAfresh: Record<string, string> = { last_status: "'unknown'", consecutive_failures: '0' };

const queries = {
  insert: insertInto('monitors', [...inputColumns, 'id', 'created_at', 'updated_at']),
  // In the CASEs, `type`, `url` and `dns` are the stored values, the parameters the new ones: a new lookup is a new target.
  replace: `UPDATE monitors SET ${inputColumns.map((column) => `${column} = ${at(column)}`).join(', ')},
     ${keptOnSameTarget.map((column) => `${column} = CASE WHEN ${sameTarget} THEN ${column} ELSE ${startedAfresh[column] ?? 'NULL'} END`).join(',\n     ')},
     updated_at = ?${inputColumns.length + 1}
   WHERE id = ?${inputColumns.length + 2} RETURNING *`,
  delete: 'DELETE FROM monitors WHERE id = ?',
  saveStatus: `UPDATE monitors SET last_status = ?, consecutive_failures = ?, status_since = ?,
     last_checked_at = ?, last_response_time_ms = ?, last_error = ?, certificate_expires_at = ?, certificate_warning = ? WHERE seq = ?`,
  saveCertificateAlerted: 'UPDATE monitors SET certificate_alerted_threshold = ?, certificate_alerted_expires_at = ? WHERE seq = ?',
};

/** One text per lookup, whatever order its keys came in: a PUT that keeps it compares equal (the CASEs above). */
function withCanonicalDns(fields: MonitorFields): MonitorFields {
  if (fields.dns === undefined) return fields;
  const { record, expect, resolver } = fields.dns;
  return { ...fields, dns: { record, expect, resolver } };
}

export class MonitorStore extends withStatements(queries) {
  readonly #db: DatabaseSync;
  readonly #byId = new Map<string, MonitorRecord>();
  /** Creation order; seq only grows, so appending keeps it sorted. */
  #ordered: MonitorRecord[];
  #version = 0;

  constructor(db: DatabaseSync) {
    super(db);
    this.#db = db;
    this.#ordered = (db.prepare('SELECT * FROM monitors ORDER BY seq').all() as unknown as MonitorRow[]).map(toRecord);
    for (const record of this.#ordered) this.#byId.set(record.id, record);
  }

  /** Changes on every write, so callers can cache what they derive from the monitors. */
  get version(): number {
    return this.#version;
  }

  create(id: string, fields: MonitorFields, now: string): MonitorRecord {
    const row = this.sql.insert.get(...columnValues(withCanonicalDns(fields), inputColumns, annotations), id, now, now);
    const record = toRecord(row as unknown as MonitorRow);
    this.#ordered.push(record);
    this.#byId.set(id, record);
    this.#version += 1;
    return record;
  }

  get(id: string): MonitorRecord | undefined {
    return this.#byId.get(id);
  }

  page(offset: number, limit: number): readonly MonitorRecord[] {
    return this.#ordered.slice(offset, offset + limit);
  }

  all(): readonly MonitorRecord[] {
    return this.#ordered;
  }

  count(): number {
    return this.#ordered.length;
  }

  /** Replaces the editable fields; a new target, type or lookup starts the status and the latest check afresh. */
  replace(id: string, fields: MonitorFields, now: string): MonitorRecord | undefined {
    if (!this.#byId.has(id)) return undefined;
    const row = this.sql.replace.get(...columnValues(withCanonicalDns(fields), inputColumns, annotations), now, id) as MonitorRow | undefined;
    return row && this.#remember(toRecord(row));
  }

  delete(id: string): MonitorRecord | undefined {
    const record = this.#byId.get(id);
    if (!record) return undefined;
    this.sql.delete.run(id);
    this.#byId.delete(id);
    this.#ordered = this.#ordered.filter((r) => r !== record);
    this.#version += 1;
    return record;
  }

  /**
   * Status changes and latest checks of many monitors in one transaction: one disk sync for the batch. A full disk can often be
   * written to again once the WAL starts over at its beginning (a checkpoint), so that is tried once. The statuses
   * are what the checks found, and alerts have gone out for them: memory takes them even when the disk refuses,
   * so every answer shows them, and the caller keeps them to write again.
   */
  saveStatuses(updates: readonly MonitorStatusUpdate[]): void {
    if (updates.length === 0) return;
    try {
      this.#writeStatuses(updates);
    } catch (error) {
      try {
        this.#db.exec('PRAGMA wal_checkpoint(RESTART)');
        this.#writeStatuses(updates);
      } catch {
        this.#rememberStatuses(updates);
        throw error;
      }
    }
    this.#rememberStatuses(updates);
  }

  #writeStatuses(updates: readonly MonitorStatusUpdate[]): void {
    transaction(this.#db, () => {
      for (const u of updates) {
        this.sql.saveStatus.run(
          u.last_status,
          u.consecutive_failures,
          u.status_since ?? null,
          u.last_checked_at ?? null,
          u.last_response_time_ms ?? null,
          u.last_error ?? null,
          u.certificate_expires_at ?? null,
          u.certificate_warning ?? null,
          u.seq,
        );
      }
    });
  }

  /**
   * The status and latest check are the one part of a record that changes with every check, so they are written
   * into the record held rather than into a new copy of all its fields: at 10,000 monitors every 30 s that was 333
   * copies a second, each kept for a period, and so a steady stream of work for the garbage collector.
   */
  #rememberStatuses(updates: readonly MonitorStatusUpdate[]): void {
    for (const u of updates) {
      const record = this.#ordered[this.#indexOfSeq(u.seq)] as Writable<MonitorRecord> | undefined;
      if (record === undefined) continue;
      // Every part written, an absent one as undefined: a passing check clears the last error.
      record.last_status = u.last_status;
      record.consecutive_failures = u.consecutive_failures;
      record.status_since = u.status_since;
      record.last_checked_at = u.last_checked_at;
      record.last_response_time_ms = u.last_response_time_ms;
      record.last_error = u.last_error;
      record.certificate_expires_at = u.certificate_expires_at;
      record.certificate_warning = u.certificate_warning;
    }
    if (updates.length > 0) this.#version += 1;
  }

  /**
   * The certificate alert just raised, written at once and before it is sent (as a domain's): a handler that fails,
   * or a restart, must not make it repeat.
   */
  saveCertificateAlerted(seq: number, alerted: CertificateAlerted): void {
    this.sql.saveCertificateAlerted.run(alerted.threshold, alerted.expiresAt, seq);
    const record = this.#ordered[this.#indexOfSeq(seq)];
    if (record) this.#remember({ ...record, certificateAlerted: alerted });
  }

  /** Binary search over #ordered, which is sorted by seq; -1 when absent. */
  #indexOfSeq(seq: number): number {
    let low = 0;
    let high = this.#ordered.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.#ordered[middle]?.seq ?? seq;
      if (found === seq) return middle;
      if (found < seq) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Swaps the in-memory copy of a record for its new version. */
  #remember(record: MonitorRecord): MonitorRecord {
    this.#version += 1;
    this.#byId.set(record.id, record);
    const index = this.#indexOfSeq(record.seq);
    if (index !== -1) this.#ordered[index] = record;
    return record;
  }
}
