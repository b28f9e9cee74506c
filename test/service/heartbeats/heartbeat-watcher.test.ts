// The watcher wakes only when a heartbeat comes due: never with none to watch, once at the earliest deadline, nearer
// when a save or a ping brings one nearer. On a real store and a clock the test moves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../../service/alerts/alert-event.ts';
import { HeartbeatWatcher } from '../../../service/heartbeats/heartbeat-watcher.ts';
import { openDatabase } from '../../../service/storage/database.ts';
import { HeartbeatStore } from '../../../service/storage/heartbeat-store.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';

const graceMs = 60_000;
let dataDir: string;
let db: DatabaseSync;
let store: HeartbeatStore;
let clock: ManualClock;
let alerts: AlertEvent[];
let watcher: HeartbeatWatcher;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-watcher-'));
  db = openDatabase(dataDir);
  store = new HeartbeatStore(db);
  clock = manualClock();
  alerts = [];
  watcher = new HeartbeatWatcher({ store, clock, graceMs, onAlert: (event) => alerts.push(event), recordEvent: () => {}, toJson: () => ({}) });
});
afterEach(() => {
  watcher.stop();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let created = 0;
function create(intervalSeconds: number) {
  const fields = { name: `Job ${++created}`, expected_interval: intervalSeconds, next_expected_at: clock.now() + intervalSeconds * 1000 };
  return store.create(`hb_${created}`, `slug-${created}`, fields, new Date(clock.now()).toISOString());
}

describe('HeartbeatWatcher wake-ups', () => {
  it('sets no timer while there is nothing to watch', () => {
    watcher.start();
    expect(clock.delays).toEqual([]);
  });

  it('wakes once, just after the earliest deadline, and says late then', () => {
    create(3600);
    create(600);
    watcher.start();
    expect(clock.delays).toEqual([600_000 + graceMs + 1]);
    clock.advance(600_000 + graceMs);
    expect(alerts).toEqual([]);
    clock.advance(1);
    expect(alerts.map((alert) => alert.event)).toEqual(['heartbeat.late']);
    // Then the other heartbeat's deadline, and nothing in between.
    expect(clock.delays.at(-1)).toBe(3_000_000);
  });

  it('moves the wake-up nearer for a heartbeat saved with an earlier deadline, and leaves it for a later one', () => {
    create(3600);
    watcher.start();
    watcher.saved(create(7200));
    expect(clock.delays).toHaveLength(1);
    watcher.saved(create(60));
    expect(clock.delays.at(-1)).toBe(60_000 + graceMs + 1);
    clock.advance(60_000 + graceMs + 1);
    expect(alerts).toHaveLength(1);
  });

  it('watches a heartbeat again after its recovery', () => {
    const job = create(60);
    watcher.start();
    clock.advance(60_000 + graceMs + 1);
    expect(alerts.map((alert) => alert.event)).toEqual(['heartbeat.late']);
    const timersBefore = clock.delays.length;
    clock.advance(3_600_000);
    expect(clock.delays).toHaveLength(timersBefore);

    const now = clock.now();
    const pinged = store.applyPing(job.seq, { kind: 'end', at: now, outcome: 'success', exitCode: undefined, durationMs: undefined, nextExpectedAt: now + 60_000 });
    watcher.pinged(pinged, { kind: 'success', exitCode: undefined });
    expect(alerts.map((alert) => alert.event)).toEqual(['heartbeat.late', 'heartbeat.recovered']);
    clock.advance(60_000 + graceMs + 1);
    expect(alerts.map((alert) => alert.event)).toEqual(['heartbeat.late', 'heartbeat.recovered', 'heartbeat.late']);
  });

  it('waits for a deadline beyond the longest timer in steps', () => {
    create(60 * 86_400);
    watcher.start();
    clock.advance(60 * 86_400_000 + graceMs);
    expect(alerts).toEqual([]);
    clock.advance(1);
    expect(alerts).toHaveLength(1);
  });
});
