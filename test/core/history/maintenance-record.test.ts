// Maintenance in Vigil's own record, against a real history.sqlite: a row when an item goes in and one when it comes
// out (never per poll), kept across a restart, told once as Vigil's own events, and read back as a timeline that
// draws it distinctly and an uptime that leaves it out. A record from before maintenance is upgraded in place.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Monitor } from '../../../common/api/index.ts';
import type { ActiveMaintenance } from '../../../main/core/maintenance/active-maintenance.ts';
import { historyFileName } from '../../../main/core/history/history-database.ts';
import { historyMigrations } from '../../../main/core/history/history-schema.ts';
import { PollRecorder } from '../../../main/core/history/poll-recorder.ts';
import { RecordReads } from '../../../main/core/history/record-reads.ts';
import { recordedItemHistory } from '../../../main/core/history/record-source.ts';
import { RecordWrites } from '../../../main/core/history/record-writes.ts';
import { uptimeOf } from '../../../main/core/history/uptime.ts';
import { HOUR, MINUTE, monitor, NOW, ok } from '../alerts/fixtures.ts';
import { historyFileForEachTest } from './history-file.ts';

let now: number;
const clock = { now: () => now };
beforeEach(() => {
  now = NOW;
});
const historyFile = historyFileForEachTest('vigil-maintenance-record-', clock);

const judge = { graceSeconds: 300, thresholds: [30, 14, 7, 1] };
const recorder = () => new PollRecorder({ connectionId: 'prod', writes: new RecordWrites(historyFile.database), clock, intervalMs: () => 60_000 });
const onItems = (...keys: string[]): ActiveMaintenance => ({ items: new Map(keys.map((key) => [key, {}])) });
const onEverything: ActiveMaintenance = { everything: {}, items: new Map() };

function poll(target: PollRecorder, monitors: Monitor[], maintenance?: ActiveMaintenance): void {
  target.recordPoll(ok({ monitors }, now), judge, [], maintenance);
}

/** Polls a minute apart for `minutes`, the same each time. */
function pollFor(target: PollRecorder, minutes: number, monitors: () => Monitor[], maintenance?: ActiveMaintenance): void {
  for (let i = 0; i < minutes; i++) {
    poll(target, monitors(), maintenance);
    now += MINUTE;
  }
}

const query = <T>(sql: string): T[] => historyFile.query<T>(sql);

const rowsOf = (key: string) =>
  query<{ since: number; state: string; maintenance: number }>(`SELECT s.since, s.state, s.maintenance FROM states s JOIN items i ON i.seq = s.item_seq WHERE i.item_key = '${key}' ORDER BY s.since, s.rowid`).map(
    (row) => [(row.since - NOW) / MINUTE, row.state, row.maintenance === 1],
  );
const eventTitles = () => query<{ title: string; item_key: string | null }>('SELECT title, item_key FROM events ORDER BY seq').map((row) => [row.item_key, row.title]);

describe('maintenance in the record', () => {
  it('writes a row when an item goes in and when it comes out, with the state the server gave, never per poll', () => {
    const watch = recorder();
    pollFor(watch, 10, () => [monitor('a', 'up'), monitor('b', 'up')]);
    pollFor(watch, 20, () => [monitor('a', 'up'), monitor('b', 'up')], onItems('monitor:a'));
    pollFor(watch, 20, () => [monitor('a', 'down'), monitor('b', 'up')], onItems('monitor:a'));
    pollFor(watch, 10, () => [monitor('a', 'up'), monitor('b', 'up')]);
    expect(rowsOf('monitor:a')).toEqual([
      [0, 'up', false],
      [10, 'up', true],
      [30, 'down', true],
      [50, 'up', false],
    ]);
    expect(rowsOf('monitor:b')).toEqual([[0, 'up', false]]);
    expect(eventTitles()).toEqual([
      ['monitor:a', 'Maintenance of Monitor a began'],
      ['monitor:a', 'Maintenance of Monitor a ended'],
    ]);
  });

  it('carries on in maintenance after a restart: no new row, nothing told again', () => {
    pollFor(recorder(), 5, () => [monitor('a', 'down')], onItems('monitor:a'));
    historyFile.reopen(() => {
      now += HOUR;
    });
    const after = recorder();
    pollFor(after, 5, () => [monitor('a', 'down')], onItems('monitor:a'));
    expect(rowsOf('monitor:a')).toEqual([[0, 'down', true]]);
    pollFor(after, 1, () => [monitor('a', 'down')]);
    expect(rowsOf('monitor:a')).toEqual([
      [0, 'down', true],
      [70, 'down', false],
    ]);
    expect(eventTitles()).toEqual([
      ['monitor:a', 'Maintenance of Monitor a began'],
      ['monitor:a', 'Maintenance of Monitor a ended'],
    ]);
  });

  it('tells a window over the whole server as one event, however many items it covers', () => {
    const watch = recorder();
    const monitors = () => Array.from({ length: 20 }, (_, i) => monitor(`m${i}`, 'up'));
    pollFor(watch, 2, monitors);
    pollFor(watch, 2, monitors, onEverything);
    pollFor(watch, 2, monitors);
    expect(eventTitles()).toEqual([
      [null, 'Maintenance of every item began'],
      [null, 'Maintenance of 20 items ended'],
    ]);
  });

  it('draws maintenance on the timeline and leaves it out of uptime, to the second', () => {
    const watch = recorder();
    pollFor(watch, 60, () => [monitor('a', 'up')]);
    pollFor(watch, 30, () => [monitor('a', 'down')], onItems('monitor:a'));
    pollFor(watch, 30, () => [monitor('a', 'down')]);
    pollFor(watch, 1, () => [monitor('a', 'up')]);
    const source = { reads: new RecordReads(historyFile.database), connectionId: 'prod', watching: watch.watching };
    const history = recordedItemHistory(source, 'monitor:a', NOW, NOW + 121 * MINUTE);
    expect(history?.segments.map(({ from, to, health, state }) => [(from - NOW) / MINUTE, (to - NOW) / MINUTE, health, state])).toEqual([
      [0, 60, 'ok', 'up'],
      [60, 90, 'maintenance', 'maintenance'],
      [90, 120, 'critical', 'down'],
      [120, 121, 'ok', 'up'],
    ]);
    expect(uptimeOf(history?.segments ?? [], 'monitor', '24h', NOW, NOW + 121 * MINUTE, 'client')).toEqual({
      window: '24h',
      uptime: 61 / 91,
      upSeconds: 61 * 60,
      downSeconds: 30 * 60,
      unknownSeconds: 0,
      maintenanceSeconds: 30 * 60,
      source: 'client',
    });
  });
});

describe('a record from before maintenance', () => {
  it('is upgraded in place: every row kept, read as not in maintenance', () => {
    historyFile.reopen(() => {
      const file = path.join(historyFile.dir, historyFileName);
      rmSync(file, { force: true });
      const old = new DatabaseSync(file);
      old.exec(historyMigrations[0] ?? '');
      old.exec('PRAGMA user_version = 1');
      old.exec(`INSERT INTO items (seq, connection_id, item_key, kind, name) VALUES (1, 'prod', 'monitor:a', 'monitor', 'API')`);
      old.exec(`INSERT INTO states (item_seq, since, health, state) VALUES (1, ${NOW}, 'critical', 'down')`);
      old.close();
    });
    now += MINUTE;
    const watch = recorder();
    poll(watch, [monitor('a', 'down')]);
    expect(rowsOf('monitor:a')).toEqual([[0, 'down', false]]);
    poll(watch, [monitor('a', 'down')], onItems('monitor:a'));
    expect(rowsOf('monitor:a')).toEqual([
      [0, 'down', false],
      [1, 'down', true],
    ]);
    expect(query<{ user_version: number }>('PRAGMA user_version')).toEqual([{ user_version: historyMigrations.length }]);
    expect(historyFile.database.notes).toEqual([]);
  });
});
