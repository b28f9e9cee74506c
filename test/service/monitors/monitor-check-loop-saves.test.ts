// What the check loop saves of each result: every monitor's newest result reaches the database and the record the
// store holds within the bounds docs/service.md gives (a status change within 0.5 s, a latest check alone within
// 5 s), and a save that fails keeps the newest for the next try.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../service/logger.ts';
import { MonitorCheckLoop } from '../../../service/monitor-check-loop.ts';
import type { CheckScheduler } from '../../../service/scheduler/check-scheduler.ts';
import type { HistoryRecorder } from '../../../service/history/history-recorder.ts';
import { openDatabase } from '../../../service/storage/database.ts';
import { MonitorStore } from '../../../service/storage/monitor-store.ts';
import { manualClock } from '../../helpers/manual-clock.ts';

let dir: string;
let db: DatabaseSync;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-loop-saves-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function setUp() {
  const clock = manualClock();
  const store = new MonitorStore(db);
  const history = { recordCheck() {}, recordStatus() {}, recordEvent() {}, forget() {} } as unknown as HistoryRecorder;
  const scheduler = { upsert() {}, remove() {}, checkSoon() {}, start() {}, stop: () => Promise.resolve() } as unknown as CheckScheduler;
  const loop = new MonitorCheckLoop({ store, history, scheduler, clock, logger: silentLogger, failuresToConfirmDown: 2, onAlert() {}, toJson: () => ({}) });
  const created = store.create('mon_1', { name: 'API', type: 'http', url: 'http://api.example/', frequency: 30 }, new Date(clock.now()).toISOString());
  loop.track(created);
  const passed = (durationMs: number) => loop.handleResult(created.seq, { ok: true, durationMs }, clock.now());
  /** What a restart would read: the row on disk. */
  const onDisk = () => new MonitorStore(db).get(created.id);
  return { clock, store, loop, created, passed, onDisk };
}

describe('the check loop’s saves', () => {
  it('saves a status change within half a second and a latest check alone within 5 s, the newest of each monitor', () => {
    const { clock, store, created, passed, onDisk } = setUp();
    passed(5);
    clock.advance(499);
    expect(onDisk()).toMatchObject({ last_status: 'unknown', last_response_time_ms: undefined });
    clock.advance(1);
    expect(onDisk()).toMatchObject({ last_status: 'up', last_response_time_ms: 5 });
    // The record the store holds takes the result too: the same record, not a copy of it per check.
    expect(store.get(created.id)).toBe(created);
    expect(created).toMatchObject({ last_status: 'up', last_response_time_ms: 5 });

    passed(8);
    clock.advance(1_000);
    passed(9);
    clock.advance(3_999);
    expect(onDisk()).toMatchObject({ last_response_time_ms: 5 });
    clock.advance(1);
    expect(onDisk()).toMatchObject({ last_status: 'up', last_response_time_ms: 9 });
    expect(store.get(created.id)).toMatchObject({ last_response_time_ms: 9 });
  });

  it('keeps the newest result for the next try when a save fails, and shows it meanwhile', () => {
    const { clock, store, created, passed, onDisk } = setUp();
    passed(5);
    clock.advance(500);
    db.exec('PRAGMA query_only = 1');
    passed(7);
    clock.advance(5_000);
    // Refused by the disk: the answers show it anyway, and it waits for the next try.
    expect(store.get(created.id)).toMatchObject({ last_response_time_ms: 7 });
    expect(onDisk()).toMatchObject({ last_response_time_ms: 5 });
    passed(11);
    db.exec('PRAGMA query_only = 0');
    clock.advance(5_000);
    expect(onDisk()).toMatchObject({ last_status: 'up', last_response_time_ms: 11 });
  });

  it('saves what is waiting when it stops', async () => {
    const { loop, passed, onDisk } = setUp();
    passed(5);
    passed(6);
    await loop.stop();
    expect(onDisk()).toMatchObject({ last_status: 'up', last_response_time_ms: 6 });
  });
});
