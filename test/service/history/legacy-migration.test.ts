// A data dir written by the Vigil before the history (schema 1, a row per check in vigil.sqlite): the service
// opens it, keeps every monitor, gives them `status_since` from their kept checks, moves the checks into the
// history (where the rollup sums them) and drops the old table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { issueToken } from '../../../service/auth/tokens.ts';
import { migrations } from '../../../service/storage/migrations.ts';
import { manualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

const hour = 3_600_000;
const checksFrom = Date.UTC(2026, 10, 2, 8, 0);
let dataDir: string;
let service: TestService | undefined;

afterEach(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** vigil.sqlite as schema 1 left it: two monitors, one up and one down, with 3 hours of checks every 10 minutes. */
function writeSchemaOne(): void {
  const db = new DatabaseSync(path.join(dataDir, 'vigil.sqlite'));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(migrations[0] ?? '');
  db.exec('PRAGMA user_version = 1');
  const created = new Date(checksFrom).toISOString();
  const insert = db.prepare("INSERT INTO monitors (id, name, type, url, frequency, last_status, created_at, updated_at) VALUES (?, ?, 'tcp', '127.0.0.1:9', 600, ?, ?, ?)");
  insert.run('mon_up', 'Up', 'up', created, created);
  insert.run('mon_down', 'Down', 'down', created, created);
  const check = db.prepare('INSERT INTO check_results (monitor_seq, checked_at, duration_ms, ok, error) VALUES (?, ?, ?, ?, ?)');
  for (let at = checksFrom; at < checksFrom + 3 * hour; at += 600_000) {
    check.run(1, at, 42, 1, null);
    const downNow = at >= checksFrom + 2 * hour;
    check.run(2, at, downNow ? 10_000 : 50, downNow ? 0 : 1, downNow ? 'connection refused' : null);
  }
  db.close();
}

describe('upgrading from schema 1', () => {
  it('keeps the monitors, moves their checks into the history, and drops the old table', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-legacy-'));
    writeSchemaOne();
    const clock = manualClock(checksFrom + 3 * hour + 5 * 60_000);
    service = await startTestService({ dataDir }, { clock });
    const token = await issueToken(loadOrCreateSigningKey(dataDir), 86_400);
    const api = async <T>(pathAndQuery: string) => (await service?.api(pathAndQuery, { token }))?.json as T;

    const monitors = await api<{ id: string; last_status: string; status_since?: string }[]>('/monitors');
    expect(monitors.map((monitor) => [monitor.id, monitor.last_status, monitor.status_since])).toEqual([
      ['mon_up', 'up', new Date(checksFrom).toISOString()],
      ['mon_down', 'down', new Date(checksFrom + 2 * hour).toISOString()],
    ]);

    const checks = await api<{ checked_at: string; status: string; error?: string }[]>('/monitors/mon_down/checks?limit=1000');
    expect(checks).toHaveLength(18);
    expect(checks[0]).toEqual({ checked_at: new Date(checksFrom + 3 * hour - 600_000).toISOString(), status: 'down', response_time_ms: 10_000, error: 'connection refused' });
    expect(checks.at(-1)).toEqual({ checked_at: new Date(checksFrom).toISOString(), status: 'up', response_time_ms: 50 });

    // The old service left no record of when it ran: its hours count checks, but no up or down time.
    await service.history.settled();
    const stats = await api<{ checks: number; failed_checks: number; up_seconds: number }>('/monitors/mon_down/stats?window=24h');
    expect(stats).toMatchObject({ checks: 18, failed_checks: 6, up_seconds: 0 });

    const db = new DatabaseSync(path.join(dataDir, 'vigil.sqlite'), { readOnly: true });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%check_results%'").all()).toEqual([]);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(migrations.length);
    db.close();
  });
});
