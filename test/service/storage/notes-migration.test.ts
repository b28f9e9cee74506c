// A database written before the notes extension (schema 8) opens, upgrades, and keeps every item, which then takes
// notes like a new one (docs/api-decisions.md §19).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_EXPECTED_STATUS, DEFAULT_RETRY_SECONDS } from '../../../common/api/monitor-check-input.ts';
import { DEFAULT_CERTIFICATE_EXPIRY_DAYS } from '../../../common/api/monitor-tls-input.ts';
import { databaseFileName } from '../../../service/storage/database.ts';
import { migrations } from '../../../service/storage/migrations.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

/** The schema the version before the notes extension wrote. */
const SCHEMA_BEFORE_NOTES = 8;

let dataDir: string;
let service: TestService | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-notes-migration-'));
});
afterEach(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function writeDatabaseBeforeNotes(): void {
  const db = new DatabaseSync(path.join(dataDir, databaseFileName));
  for (const migration of migrations.slice(0, SCHEMA_BEFORE_NOTES)) db.exec(migration);
  db.exec(`PRAGMA user_version = ${SCHEMA_BEFORE_NOTES}`);
  db.prepare(
    `INSERT INTO monitors (id, name, type, url, frequency, last_status, created_at, updated_at, method, headers, secret_headers)
     VALUES ('mon_old', 'Old API', 'http', 'http://127.0.0.1:9/health', 600, 'unknown', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', 'POST', '{"Authorization":"Bearer abc","X-Tenant":"acme"}', '["X-Tenant"]')`,
  ).run();
  db.prepare(
    `INSERT INTO heartbeats (id, name, slug, expected_interval, created_at, next_expected_at)
     VALUES ('hb_old', 'Old backup', 'old-slug', 86400, '2026-11-01T00:00:00.000Z', ${Date.parse('2099-01-01T00:00:00.000Z')})`,
  ).run();
  db.prepare(`INSERT INTO domains (id, domain, expires_on, created_at) VALUES ('dom_old', 'old.example', '2099-01-01', '2026-11-01T00:00:00.000Z')`).run();
  db.close();
}

it('opens a database written before notes, keeping its items as they were, and takes notes on each', async () => {
  writeDatabaseBeforeNotes();
  service = await startTestService({ dataDir });
  const { api } = service;

  expect((await api('/monitors/mon_old')).json).toEqual({
    id: 'mon_old',
    name: 'Old API',
    type: 'http',
    url: 'http://127.0.0.1:9/health',
    frequency: 600,
    last_status: 'unknown',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    method: 'POST',
    headers: { Authorization: 'Bearer ••••••••', 'X-Tenant': '••••••••' },
    secret_headers: ['X-Tenant'],
    expect: { status: DEFAULT_EXPECTED_STATUS },
    tls: { expiry_days: DEFAULT_CERTIFICATE_EXPIRY_DAYS, ignore_errors: false },
    retry_seconds: DEFAULT_RETRY_SECONDS,
  });
  expect((await api('/heartbeats/hb_old')).json).toMatchObject({ id: 'hb_old', name: 'Old backup', expected_interval: 86_400 });
  expect((await api('/heartbeats/hb_old')).json).not.toHaveProperty('notes');
  expect((await api('/domains/dom_old')).json).toMatchObject({ id: 'dom_old', domain: 'old.example', expires_on: '2099-01-01' });
  expect((await api('/domains/dom_old')).json).not.toHaveProperty('notes');

  const put = await api('/monitors/mon_old', { method: 'PUT', body: { name: 'Old API', type: 'http', url: 'http://127.0.0.1:9/health', frequency: 600, notes: 'Call Ana' } });
  expect(put.json).toMatchObject({ notes: 'Call Ana', method: 'POST', headers: { Authorization: 'Bearer ••••••••' } });
  expect((await api('/heartbeats/hb_old', { method: 'PATCH', body: { notes: 'Runs at 2am' } })).json).toMatchObject({ name: 'Old backup', notes: 'Runs at 2am' });
  expect((await api('/domains/dom_old', { method: 'PATCH', body: { notes: 'Renew via Gandi' } })).json).toMatchObject({ domain: 'old.example', notes: 'Renew via Gandi' });
});
