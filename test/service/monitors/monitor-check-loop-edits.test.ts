// An edit that keeps a monitor's target (its frequency, request or expectations) keeps its status in the check loop:
// a "down" just told and not yet written is neither undone nor told again, and the recovery after the fix is told.
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
import { MonitorStore, type MonitorFields } from '../../../service/storage/monitor-store.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';

let dir: string;
let db: DatabaseSync;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-loop-edits-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function setUp(clock: ManualClock) {
  const store = new MonitorStore(db);
  const alerts: string[] = [];
  const statuses: string[] = [];
  const history = { recordCheck() {}, recordStatus: (_seq: number, _at: number, status: string) => statuses.push(status), recordEvent() {}, forget() {} } as unknown as HistoryRecorder;
  const scheduler = { upsert() {}, remove() {}, checkSoon() {}, start() {}, stop: () => Promise.resolve() } as unknown as CheckScheduler;
  const loop = new MonitorCheckLoop({ store, history, scheduler, clock, logger: silentLogger, failuresToConfirmDown: 2, onAlert: (event) => alerts.push(event.event), toJson: () => ({}) });
  return { store, loop, alerts, statuses };
}

/** A save that rides on a result goes at the end of the turn the result came in. */
const turnEnded = () => new Promise<void>((resolve) => setImmediate(resolve));

const fields = (authorization: string, frequency = 60): MonitorFields => ({
  name: 'API',
  type: 'http',
  url: 'https://api.example/',
  frequency,
  headers: { Authorization: authorization },
});

describe('the check loop, when a monitor is edited', () => {
  it.each([
    ['its request', fields('Bearer fixed')],
    ['its frequency', fields('Bearer wrong', 300)],
  ])('keeps a status just changed when %s changes, and tells the recovery after it', async (_what, edit) => {
    const clock = manualClock();
    const { store, loop, alerts, statuses } = setUp(clock);
    const created = store.create('mon_1', fields('Bearer wrong'), new Date(clock.now()).toISOString());
    loop.track(created);
    const failed = { ok: false, durationMs: 5, error: 'HTTP 401' };
    loop.handleResult(created.seq, failed, clock.now());
    // Saved at the end of its turn: the next status change waits up to half a second after this save.
    await turnEnded();
    clock.advance(200);
    loop.handleResult(created.seq, failed, clock.now());
    await turnEnded();
    expect(alerts).toEqual(['monitor.down']);
    // Edited within the half second before the new status is written.
    clock.advance(100);
    loop.track(store.replace('mon_1', edit, new Date(clock.now()).toISOString()) ?? created);
    clock.advance(1_000);
    expect(loop.statusOf(created.seq)).toBe('down');
    expect(store.get('mon_1')?.last_status).toBe('down');
    expect(statuses).not.toContain('unknown');
    loop.handleResult(created.seq, { ok: true, durationMs: 5 }, clock.now());
    await turnEnded();
    clock.advance(1_000);
    expect(alerts).toEqual(['monitor.down', 'monitor.up']);
  });

  it('starts again at unknown when its target changes', () => {
    const clock = manualClock();
    const { store, loop } = setUp(clock);
    const created = store.create('mon_1', fields('Bearer wrong'), new Date(clock.now()).toISOString());
    loop.track(created);
    loop.handleResult(created.seq, { ok: true, durationMs: 5 }, clock.now());
    clock.advance(6_000);
    expect(loop.statusOf(created.seq)).toBe('up');
    loop.track(store.replace('mon_1', { ...fields('Bearer wrong'), url: 'https://other.example/' }, new Date(clock.now()).toISOString()) ?? created);
    expect(loop.statusOf(created.seq)).toBe('unknown');
  });
});
