// The heartbeat tables on a real sqlite file: a database from before schedules keeps its heartbeats and their late
// alerts, and the runs' logs stay within their byte budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receivePing } from '../../../service/heartbeats/heartbeat-pings.ts';
import { openDatabase } from '../../../service/storage/database.ts';
import { HeartbeatStore } from '../../../service/storage/heartbeat-store.ts';
import { migrations } from '../../../service/storage/migrations.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-heartbeats-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const fields = { name: 'Backup', expected_interval: 3600, schedule: undefined, timezone: undefined, grace_seconds: undefined, max_runtime_seconds: undefined, next_expected_at: 0 };

describe('the migration to schedules and runs', () => {
  it('keeps every heartbeat, its late alert, and gives it its next expected time', () => {
    const before = new DatabaseSync(path.join(dataDir, 'vigil.sqlite'));
    for (const migration of migrations.slice(0, 3)) before.exec(migration);
    before.exec('PRAGMA user_version = 3');
    const insert = before.prepare('INSERT INTO heartbeats (id, name, slug, expected_interval, last_ping, late, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    insert.run('hb_late', 'Late', 'slug-late', 600, '2026-11-20T03:00:01.250Z', 1, '2026-11-01T00:00:00.000Z');
    insert.run('hb_new', 'New', 'slug-new', 3600, null, 0, '2026-11-21T10:00:00.000Z');
    before.close();

    const db = openDatabase(dataDir);
    const store = new HeartbeatStore(db);
    expect(store.get('hb_late')).toMatchObject({ problem: 'late', next_expected_at: Date.parse('2026-11-20T03:10:01.250Z'), last_ping: '2026-11-20T03:00:01.250Z' });
    expect(store.get('hb_new')).toMatchObject({ problem: undefined, next_expected_at: Date.parse('2026-11-21T11:00:00.000Z'), schedule: undefined });
    db.close();
  });
});

describe('run retention', () => {
  it('drops the oldest logs beyond the byte budget, keeping their runs; a restart settles the budget exactly', () => {
    const budget = 30_000;
    let db = openDatabase(dataDir);
    let store = new HeartbeatStore(db, { runsPerHeartbeat: 100, logBytesInAll: budget });
    store.create('hb_1', 'slug-1', fields, '2026-11-21T00:00:00.000Z');
    const logs = () => store.runs.before(1, Number.MAX_SAFE_INTEGER, 1000).map((run) => run.log?.length ?? 0);
    for (let index = 0; index < 10; index++) {
      receivePing(store, 'slug-1', { kind: 'success', exitCode: undefined }, 1_000 + index, new TextEncoder().encode(String(index).repeat(10_240)));
    }
    const kept = logs();
    expect(kept).toHaveLength(10);
    // Checked every `budget` bytes written: never more than twice the budget, newest first.
    expect(kept.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThanOrEqual(2 * budget);
    expect(kept.slice(0, 2)).toEqual([10_240, 10_240]);
    expect(kept.at(-1)).toBe(0);
    db.close();

    db = openDatabase(dataDir);
    store = new HeartbeatStore(db, { runsPerHeartbeat: 100, logBytesInAll: budget });
    expect(logs()).toEqual([10_240, 10_240, 0, 0, 0, 0, 0, 0, 0, 0]);
    db.close();
  });

  it('deletes a heartbeat’s runs with it', () => {
    const db = openDatabase(dataDir);
    const store = new HeartbeatStore(db);
    store.create('hb_1', 'slug-1', fields, '2026-11-21T00:00:00.000Z');
    receivePing(store, 'slug-1', { kind: 'start' }, 1_000, undefined);
    store.delete('hb_1');
    expect((db.prepare('SELECT count(*) AS n FROM heartbeat_runs').get() as { n: number }).n).toBe(0);
    db.close();
  });
});
