// Uptime monitors. Every row is also held in memory, in creation order, so reads (pages of 10,000 monitors
// under load, the scheduler's start) never touch the disk; writes go to SQLite first and to memory after.
import type { DatabaseSync } from 'node:sqlite';
import { withStatements } from './statements.ts';
import type { DnsCheckSpec } from '../../common/api/dns-check-input.ts';
import type { MonitorStatus, MonitorType } from '../../common/api/known.ts';
import type { HttpMethod, MonitorExpect } from '../../common/api/monitor-check-input.ts';
import type { MonitorTls } from '../../common/api/monitor-tls-input.ts';
import { transaction } from '../../common/sqlite-transaction.ts';
import type { HttpCheckRequest } from '../checks/check-result.ts';

export type { MonitorStatus, MonitorType };

export interface MonitorRecord {
  readonly seq: number;
  readonly id: string;
  readonly name: string;
  readonly type: MonitorType;
  readonly url: string;
  readonly frequency: number;
  readonly lastStatus: MonitorStatus;
  readonly consecutiveFailures: number;
  /** Epoch ms when lastStatus last changed; undefined while unknown and never checked. */
  readonly statusSince: number | undefined;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** http only (§16): the request and expectations; every part undefined for the defaults, and for other types. */
  readonly http: HttpCheckRequest;
  /** Undefined for the default: the smaller of 20 s and the frequency. */
  readonly retrySeconds: number | undefined;
  /** dns only (§16), and always there for that type: the lookup. */
  readonly dns: DnsCheckSpec | undefined;
  /** The latest check: when it started (epoch ms), its response time, and why it failed. */
  readonly lastCheckedAt: number | undefined;
  readonly lastResponseTimeMs: number | undefined;
  readonly lastError: string | undefined;
  /** https (§16): when the certificate last seen ends (epoch ms), and what verification would refuse when ignored. */
  readonly certificateExpiresAt: number | undefined;
  readonly certificateWarning: string | undefined;
  /** The smallest certificate alert threshold raised (-1: expired), and the end it was raised for. */
  readonly certificateAlerted: CertificateAlerted | undefined;
}

export interface CertificateAlerted {
  threshold: number;
  expiresAt: number;
}

export interface MonitorFields {
  name: string;
  type: MonitorType;
  url: string;
  frequency: number;
  /** Absent: the defaults. */
  http?: HttpCheckRequest | undefined;
  retrySeconds?: number | undefined;
  dns?: DnsCheckSpec | undefined;
}

/** What the check loop saves after results: the confirmed status and the latest check. */
export interface MonitorStatusUpdate {
  seq: number;
  lastStatus: MonitorStatus;
  consecutiveFailures: number;
  statusSince: number | undefined;
  /** Absent: no check yet (or no error, for lastError). */
  lastCheckedAt?: number | undefined;
  lastResponseTimeMs?: number | undefined;
  lastError?: string | undefined;
  certificateExpiresAt?: number | undefined;
  certificateWarning?: string | undefined;
}

interface MonitorRow {
  seq: number;
  id: string;
  name: string;
  type: MonitorType;
  url: string;
  frequency: number;
  last_status: MonitorStatus;
  consecutive_failures: number;
  status_since: number | null;
  created_at: string;
  updated_at: string;
  method: HttpMethod | null;
  headers: string | null;
  secret_headers: string | null;
  body: string | null;
  expect: string | null;
  retry_seconds: number | null;
  last_checked_at: number | null;
  last_response_time_ms: number | null;
  last_error: string | null;
  dns: string | null;
  tls: string | null;
  certificate_expires_at: number | null;
  certificate_alerted_threshold: number | null;
  certificate_alerted_expires_at: number | null;
  certificate_warning: string | null;
}

function fromJson<T>(text: string | null): T | undefined {
  return text === null ? undefined : (JSON.parse(text) as T);
}

function toJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** The columns of the request and expectations, in the order the statements below take them. */
function requestColumns(fields: MonitorFields) {
  const { method, headers, secretHeaders, body, expect, tls } = fields.http ?? {};
  return [method ?? null, toJson(headers), toJson(secretHeaders), body ?? null, toJson(expect), fields.retrySeconds ?? null, toJson(tls)] as const;
}

/** One text per lookup, whatever order its keys came in: a PUT that keeps it compares equal (see #replace). */
function dnsColumn(fields: MonitorFields): string | null {
  if (fields.dns === undefined) return null;
  const { record, expect, resolver } = fields.dns;
  return JSON.stringify({ record, expect, resolver });
}

function toRecord(row: MonitorRow): MonitorRecord {
  return {
    seq: row.seq,
    id: row.id,
    name: row.name,
    type: row.type,
    url: row.url,
    frequency: row.frequency,
    lastStatus: row.last_status,
    consecutiveFailures: row.consecutive_failures,
    statusSince: row.status_since ?? undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    http: {
      method: row.method ?? undefined,
      headers: fromJson<Record<string, string>>(row.headers),
      secretHeaders: fromJson<string[]>(row.secret_headers),
      body: row.body ?? undefined,
      expect: fromJson<MonitorExpect>(row.expect),
      tls: fromJson<MonitorTls>(row.tls),
    },
    retrySeconds: row.retry_seconds ?? undefined,
    dns: fromJson<DnsCheckSpec>(row.dns),
    lastCheckedAt: row.last_checked_at ?? undefined,
    lastResponseTimeMs: row.last_response_time_ms ?? undefined,
    lastError: row.last_error ?? undefined,
    certificateExpiresAt: row.certificate_expires_at ?? undefined,
    certificateWarning: row.certificate_warning ?? undefined,
    certificateAlerted:
      row.certificate_alerted_threshold === null || row.certificate_alerted_expires_at === null
        ? undefined
        : { threshold: row.certificate_alerted_threshold, expiresAt: row.certificate_alerted_expires_at },
  };
}

const queries = {
  insert: `INSERT INTO monitors (id, name, type, url, frequency, created_at, updated_at, method, headers, secret_headers, body, expect, retry_seconds, tls, dns)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  // In SET, `type`, `url` and `dns` are the old values: ?2, ?3 and ?14 the new ones. A new lookup is a new target.
  replace: `UPDATE monitors SET name = ?1, type = ?2, url = ?3, frequency = ?4, updated_at = ?5,
     method = ?6, headers = ?7, secret_headers = ?8, body = ?9, expect = ?10, retry_seconds = ?11, tls = ?12, dns = ?14,
     last_status = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN last_status ELSE 'unknown' END,
     consecutive_failures = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN consecutive_failures ELSE 0 END,
     status_since = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN status_since ELSE NULL END,
     last_checked_at = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN last_checked_at ELSE NULL END,
     last_response_time_ms = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN last_response_time_ms ELSE NULL END,
     last_error = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN last_error ELSE NULL END,
     certificate_expires_at = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN certificate_expires_at ELSE NULL END,
     certificate_alerted_threshold = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN certificate_alerted_threshold ELSE NULL END,
     certificate_alerted_expires_at = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN certificate_alerted_expires_at ELSE NULL END,
     certificate_warning = CASE WHEN type = ?2 AND url = ?3 AND dns IS ?14 THEN certificate_warning ELSE NULL END
   WHERE id = ?13 RETURNING *`,
  delete: 'DELETE FROM monitors WHERE id = ?',
  saveStatus: `UPDATE monitors SET last_status = ?, consecutive_failures = ?, status_since = ?,
     last_checked_at = ?, last_response_time_ms = ?, last_error = ?, certificate_expires_at = ?, certificate_warning = ? WHERE seq = ?`,
  saveCertificateAlerted: 'UPDATE monitors SET certificate_alerted_threshold = ?, certificate_alerted_expires_at = ? WHERE seq = ?',
};

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
    const row = this.sql.insert.get(id, fields.name, fields.type, fields.url, fields.frequency, now, now, ...requestColumns(fields), dnsColumn(fields));
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
    const { name, type, url, frequency } = fields;
    const row = this.sql.replace.get(name, type, url, frequency, now, ...requestColumns(fields), id, dnsColumn(fields)) as MonitorRow | undefined;
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
          u.lastStatus,
          u.consecutiveFailures,
          u.statusSince ?? null,
          u.lastCheckedAt ?? null,
          u.lastResponseTimeMs ?? null,
          u.lastError ?? null,
          u.certificateExpiresAt ?? null,
          u.certificateWarning ?? null,
          u.seq,
        );
      }
    });
  }

  #rememberStatuses(updates: readonly MonitorStatusUpdate[]): void {
    for (const u of updates) {
      const record = this.#ordered[this.#indexOfSeq(u.seq)];
      if (record) {
        const { lastStatus, consecutiveFailures, statusSince, lastCheckedAt, lastResponseTimeMs, lastError, certificateExpiresAt, certificateWarning } = u;
        this.#remember({ ...record, lastStatus, consecutiveFailures, statusSince, lastCheckedAt, lastResponseTimeMs, lastError, certificateExpiresAt, certificateWarning });
      }
    }
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
