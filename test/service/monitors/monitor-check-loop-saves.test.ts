// What the check loop saves of each result: every monitor's newest result reaches the database and the record the
// store holds within the bounds docs/service.md gives (a status change within 0.5 s, a latest check alone within
// 5 s), the saves riding on the results (a timer only when results stop), and a save that fails keeps the newest for
// the next try.
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
import type { TimerHandle } from '../../../common/clock.ts';
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

/** A manual clock that also tells how many of its timers are set and neither fired nor cleared. */
function countingClock() {
  const clock = manualClock();
  const live = new Set<TimerHandle>();
  const setTimer = clock.setTimer.bind(clock);
  const clearTimer = clock.clearTimer.bind(clock);
  return Object.assign(clock, {
    setTimer(callback: () => void, delayMs: number): TimerHandle {
      const handle: TimerHandle = setTimer(() => {
        live.delete(handle);
        callback();
      }, delayMs);
      live.add(handle);
      return handle;
    },
    clearTimer(handle: TimerHandle) {
      live.delete(handle);
      clearTimer(handle);
    },
    pendingTimers: () => live.size,
  });
}

function setUp() {
  const clock = countingClock();
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

/** A save that rides on a result goes at the end of the turn the result came in. */
const turnEnded = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the check loop’s saves', () => {
  it('saves a result at the end of its turn when the last save is older than the bound, and what waits within the bound when results stop', async () => {
    const { clock, store, created, passed, onDisk } = setUp();
    // The first result (unknown to up) finds no save before it: it goes at the end of its turn, without a timer.
    passed(5);
    expect(onDisk()).toMatchObject({ last_status: 'unknown', last_response_time_ms: undefined });
    await turnEnded();
    expect(onDisk()).toMatchObject({ last_status: 'up', last_response_time_ms: 5 });
    expect(clock.pendingTimers()).toBe(0);
    // The record the store holds takes the result too: the same record, not a copy of it per check.
    expect(store.get(created.id)).toBe(created);
    expect(created).toMatchObject({ last_status: 'up', last_response_time_ms: 5 });

    // A latest check alone soon after waits; when no result follows, the timer saves it 5 s after the last save.
    clock.advance(1_000);
    passed(8);
    await turnEnded();
    clock.advance(3_999);
    expect(onDisk()).toMatchObject({ last_response_time_ms: 5 });
    clock.advance(1);
    expect(onDisk()).toMatchObject({ last_status: 'up', last_response_time_ms: 8 });
    expect(store.get(created.id)).toMatchObject({ last_response_time_ms: 8 });
  });

  it('lets the latest checks ride on a result 4 s after the last save, so the timer never fires while results come', async () => {
    const { clock, passed, onDisk } = setUp();
    passed(5);
    await turnEnded();
    clock.advance(2_000);
    passed(6);
    await turnEnded();
    expect(onDisk()).toMatchObject({ last_response_time_ms: 5 });
    expect(clock.pendingTimers()).toBe(1);
    clock.advance(2_000);
    passed(7);
    await turnEnded();
    // Saved with the result that came 4 s after the last save, and the timer is gone with the save.
    expect(onDisk()).toMatchObject({ last_response_time_ms: 7 });
    expect(clock.pendingTimers()).toBe(0);
  });

  it('saves a status change within half a second of the last save, riding on a result or by the timer', async () => {
    const { clock, created, loop, onDisk } = setUp();
    const failed = (durationMs: number) => loop.handleResult(created.seq, { ok: false, durationMs, error: 'HTTP 503' }, clock.now());
    failed(5);
    await turnEnded();
    expect(onDisk()).toMatchObject({ last_status: 'unknown', consecutive_failures: 1 });
    // Confirmed down 100 ms after that save: saved 500 ms after it, by the timer, as no result follows.
    clock.advance(100);
    failed(6);
    await turnEnded();
    expect(onDisk()).toMatchObject({ last_status: 'unknown' });
    clock.advance(399);
    expect(onDisk()).toMatchObject({ last_status: 'unknown' });
    clock.advance(1);
    expect(onDisk()).toMatchObject({ last_status: 'down', last_response_time_ms: 6 });
  });

  it('keeps the newest result for the next try when a save fails, tried again within 5 s, and shows it meanwhile', async () => {
    const { clock, store, created, passed, onDisk } = setUp();
    passed(5);
    await turnEnded();
    clock.advance(5_000);
    db.exec('PRAGMA query_only = 1');
    passed(7);
    await turnEnded();
    // Refused by the disk: the answers show it anyway, and it waits for the next try.
    expect(store.get(created.id)).toMatchObject({ last_response_time_ms: 7 });
    expect(onDisk()).toMatchObject({ last_response_time_ms: 5 });
    passed(11);
    await turnEnded();
    db.exec('PRAGMA query_only = 0');
    clock.advance(4_999);
    expect(onDisk()).toMatchObject({ last_response_time_ms: 5 });
    clock.advance(1);
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
