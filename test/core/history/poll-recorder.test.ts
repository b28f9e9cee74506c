// The recorder against a real history.sqlite: a row per change, never per poll; a stretch of watching per run of
// polls, ended with its reason (asleep, unreachable, signed out, closed) or found ended when a poll comes too late;
// the bounds kept; a removed connection forgotten.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Monitor } from '../../../common/api/index.ts';
import { assessMonitor } from '../../../main/core/health/index.ts';
import { HISTORY_BOUNDS } from '../../../main/core/history/history-bounds.ts';
import { historyFileName } from '../../../main/core/history/history-database.ts';
import { PollRecorder } from '../../../main/core/history/poll-recorder.ts';
import { RecordWrites } from '../../../main/core/history/record-writes.ts';
import type { PollOutcome } from '../../../main/core/model/snapshot.ts';
import { DAY, domain, failed, HOUR, MINUTE, monitor, NOW, ok } from '../alerts/fixtures.ts';
import { historyFileForEachTest } from './history-file.ts';

let now: number;
const clock = { now: () => now };
beforeEach(() => {
  now = NOW;
});
const historyFile = historyFileForEachTest('vigil-recorder-', clock);
let writes: RecordWrites;
beforeEach(() => {
  writes = new RecordWrites(historyFile.database);
});

const judge = { graceSeconds: 300, thresholds: [30, 14, 7, 1] };
const recorder = (connectionId = 'prod') => new PollRecorder({ connectionId, writes, clock, intervalMs: () => 60_000 });

function poll(target: PollRecorder, monitors: Monitor[], extra: Parameters<typeof ok>[0] = {}): void {
  target.recordPoll(ok({ monitors, ...extra }, now), judge, []);
}

function fail(target: PollRecorder, outcome: PollOutcome): void {
  target.recordPoll(outcome, judge, []);
}

/** The file as another reader sees it. */
const query = <T>(sql: string, ...parameters: (string | number)[]): T[] => historyFile.query<T>(sql, ...parameters);

const count = (table: string) => query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)[0]?.n;

describe('the recorder', () => {
  it('writes a row per change, not per poll, and moves one stretch of watching on', () => {
    const watch = recorder();
    for (let i = 0; i < 10; i++) {
      poll(watch, [monitor('a', 'up'), monitor('b', 'up')]);
      now += MINUTE;
    }
    expect(count('states')).toBe(2);
    poll(watch, [monitor('a', 'down'), monitor('b', 'up')]);
    now += MINUTE;
    poll(watch, [monitor('a', 'down'), monitor('b', 'up')]);
    expect(count('states')).toBe(3);
    expect(query('SELECT started, ended, end_reason FROM watches')).toEqual([{ started: NOW, ended: NOW + 11 * MINUTE, end_reason: null }]);
    expect(watch.recordedSince(assessMonitor(monitor('a', 'down')))).toEqual({ state: 'down', since: NOW + 10 * MINUTE, watchStart: NOW });
  });

  it('knows the items again when the server lists them in another order, or lists one twice', () => {
    const watch = recorder();
    poll(watch, [monitor('a', 'up'), monitor('b', 'down'), monitor('c', 'up')]);
    now += MINUTE;
    poll(watch, [monitor('c', 'up'), monitor('a', 'up'), monitor('b', 'down')]);
    now += MINUTE;
    poll(watch, [monitor('b', 'down'), monitor('b', 'down'), monitor('a', 'up'), monitor('c', 'up')]);
    expect(count('states')).toBe(3);
    now += MINUTE;
    poll(watch, [monitor('a', 'down'), monitor('b', 'down'), monitor('c', 'up')]);
    now += MINUTE;
    poll(watch, [monitor('a', 'down'), monitor('b', 'down'), monitor('c', 'up')]);
    expect(count('states')).toBe(4);
  });

  it('records an item leaving the server, and coming back, and a domain renewed', () => {
    const watch = recorder();
    poll(watch, [monitor('a', 'up')], { domains: [domain('d', 20)] });
    now += MINUTE;
    poll(watch, [], { domains: [domain('d', 20)] });
    now += MINUTE;
    poll(watch, [monitor('a', 'up')], { domains: [domain('d', 385)] });
    expect(query<{ state: string }>("SELECT state FROM states s JOIN items i ON i.seq = s.item_seq WHERE i.item_key = 'monitor:a' ORDER BY since").map((r) => r.state)).toEqual(['up', 'gone', 'up']);
    expect(query<{ expires_on: string }>("SELECT expires_on FROM states s JOIN items i ON i.seq = s.item_seq WHERE i.kind = 'domain' ORDER BY since").map((r) => r.expires_on)).toHaveLength(2);
  });

  it('ends the stretch with its reason: asleep, unreachable, signed out, closed; a late poll finds it ended unannounced', () => {
    const watch = recorder();
    const step = (gap: number) => {
      now += gap;
      poll(watch, [monitor('a', 'up')]);
    };
    step(0);
    watch.stop('suspended');
    step(HOUR);
    fail(watch, failed('unreachable', now + MINUTE));
    step(HOUR);
    fail(watch, failed('unauthorized', now + MINUTE));
    step(HOUR);
    // Two intervals and a minute pass without a poll: the computer slept without saying so.
    step(10 * MINUTE);
    watch.stop('quit');
    // A transient failure (rate limited) neither ends nor extends a stretch.
    const again = recorder();
    now += HOUR;
    poll(again, [monitor('a', 'up')]);
    fail(again, failed('rate-limited', now + MINUTE));
    now += 2 * MINUTE;
    poll(again, [monitor('a', 'up')]);
    expect(query<{ end_reason: string | null }>('SELECT end_reason FROM watches ORDER BY started').map((r) => r.end_reason)).toEqual(['suspended', 'unreachable', 'signed-out', null, 'quit', null]);
    expect(count('states')).toBe(1);
  });

  it('carries on after a restart from the latest states, in a new stretch', () => {
    poll(recorder(), [monitor('a', 'down')]);
    now += HOUR;
    const after = recorder();
    expect(after.recordedSince(assessMonitor(monitor('a', 'down')))).toEqual({ state: 'down', since: NOW, watchStart: NOW });
    poll(after, [monitor('a', 'down')]);
    expect(count('states')).toBe(1);
    expect(count('watches')).toBe(2);
    expect(after.recordedSince(assessMonitor(monitor('a', 'down')))).toEqual({ state: 'down', since: NOW, watchStart: NOW + HOUR });
  });

  it('forgets a removed connection and nothing else', () => {
    poll(recorder('prod'), [monitor('a', 'down')]);
    poll(recorder('staging'), [monitor('a', 'up')]);
    writes.forget('prod');
    expect(query('SELECT DISTINCT connection_id FROM items UNION SELECT DISTINCT connection_id FROM watches')).toEqual([{ connection_id: 'staging' }]);
    expect(count('states')).toBe(1);
  });

  it(`keeps ${HISTORY_BOUNDS.retentionDays} days and at most ${HISTORY_BOUNDS.maxStateRows} changes, each item's latest state always`, () => {
    const watch = recorder();
    poll(watch, [monitor('a', 'up'), monitor('b', 'up')]);
    now += MINUTE;
    poll(watch, [monitor('a', 'down'), monitor('b', 'up')]);
    // Fill beyond the cap with old changes of item a, straight into the file.
    const db = new DatabaseSync(path.join(historyFile.dir, historyFileName));
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${HISTORY_BOUNDS.maxStateRows + 10})
      INSERT INTO states (item_seq, since, health, state) SELECT (SELECT seq FROM items WHERE item_key = 'monitor:a'), ${NOW - DAY} - i, 'ok', 'up' FROM n`);
    db.close();
    now += 2 * HOUR;
    poll(watch, [monitor('a', 'down'), monitor('b', 'up')]);
    expect(count('states')).toBe(HISTORY_BOUNDS.maxStateRows);
    expect(query('SELECT i.item_key, s.state FROM states s JOIN items i ON i.seq = s.item_seq WHERE s.since >= ? ORDER BY s.since, i.item_key', NOW)).toEqual([
      { item_key: 'monitor:a', state: 'up' },
      { item_key: 'monitor:b', state: 'up' },
      { item_key: 'monitor:a', state: 'down' },
    ]);
    // A year and more later: everything older than the retention goes, but what each item is now stays.
    now += (HISTORY_BOUNDS.retentionDays + 1) * DAY;
    const later = recorder();
    poll(later, [monitor('a', 'down'), monitor('b', 'up')]);
    expect(count('states')).toBe(2);
    expect(count('watches')).toBe(1);
  });

  it('prunes the one record once an hour, whichever server polls, not once per server', () => {
    const [work, side] = [recorder('work'), recorder('side')];
    const oldEvent = () => {
      const db = new DatabaseSync(path.join(historyFile.dir, historyFileName));
      db.prepare("INSERT INTO events (connection_id, at, item_key, kind, severity, title) VALUES ('work', ?, 'monitor:a', 'monitor-down', 'critical', 'old')").run(now - (HISTORY_BOUNDS.retentionDays + 1) * DAY);
      db.close();
    };
    poll(work, [monitor('a', 'up')]);
    oldEvent();
    now += 30 * MINUTE;
    poll(side, [monitor('b', 'up')]);
    poll(work, [monitor('a', 'up')]);
    expect(count('events')).toBe(1);
    now += 31 * MINUTE;
    poll(side, [monitor('b', 'up')]);
    expect(count('events')).toBe(0);
  });
});
