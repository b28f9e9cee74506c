// Vigil's own record through the real core, against a spec-only server over real HTTP, with a clock the test moves:
// the app closed for 2 h is a 2-hour gap and uptime counts watched time only; items say since when; the tray says
// for how long; the events tell the gap; the list's bars come from the record; a removed connection is forgotten.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyFileName } from '../../../main/core/history/history-database.ts';
import { startHistoryServer, type HistoryServer } from '../../helpers/history-server.ts';
import { serverOf } from '../app/core-fixture.ts';
import { remoteCoreBench, type RemoteCoreBench } from './remote-core.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 20, 8);

let server: HistoryServer;
let bench: RemoteCoreBench;

beforeEach(async () => {
  server = await startHistoryServer({
    monitors: [{ id: 'm1', name: 'API', type: 'http', url: 'https://api.example/', frequency: 60, last_status: 'up' }],
  });
  bench = remoteCoreBench(server.apiUrl, T0);
});
afterEach(async () => {
  await server.close();
  bench.remove();
});

describe("a spec-only server's history, from Vigil's own record", () => {
  it('shows the 2 hours the app was closed as a gap, and uptime over watched time only', async () => {
    const first = await bench.start();
    for (let i = 0; i < 60; i++) await bench.pollAfter(first, MINUTE);
    await first.core.stop();
    bench.clock.advance(2 * HOUR);
    const second = await bench.start();
    for (let i = 0; i < 30; i++) await bench.pollAfter(second, MINUTE);
    server.state.monitors[0] = { ...server.state.monitors[0], last_status: 'down' };
    for (let i = 0; i < 30; i++) await bench.pollAfter(second, MINUTE);

    const history = await second.calls.getItemHistory('test/monitor:m1', '24h');
    const now = T0 + 4 * HOUR;
    expect(history).toMatchObject({ key: 'test/monitor:m1', kind: 'monitor', name: 'API', health: 'critical', state: 'down', source: 'client', from: now - 24 * HOUR, to: now });
    expect(history.timeline.map(({ from, to, state }) => [(from - T0) / MINUTE, (to - T0) / MINUTE, state])).toEqual([
      [-20 * 60, 0, 'not watching'],
      [0, 60, 'up'],
      [60, 180, 'not watching'],
      [180, 211, 'up'],
      [211, 240, 'down'],
    ]);
    expect(history.uptime[0]).toEqual({ window: '24h', uptime: 91 / 120, upSeconds: 91 * 60, downSeconds: 29 * 60, unknownSeconds: 22 * 3600, maintenanceSeconds: 0, source: 'client' });
    expect(history.incidents).toEqual([{ start: T0 + 211 * MINUTE, end: undefined, detail: 'down' }]);
    expect(history.since).toBe(T0 + 211 * MINUTE);
    expect(history.sinceIsLowerBound).toBe(false);
    expect(history.checks).toBeUndefined();
    expect(history.notes).toContain('This server keeps no history: shown is what Vigil saw while it was watching.');
    expect(history.events.map((event) => event.title)).toEqual(['API is down']);

    const status = await second.calls.getStatus();
    expect(status.items[0]).toMatchObject({ key: 'test/monitor:m1', since: T0 + 211 * MINUTE, sinceIsLowerBound: false });
    expect(status.trayItems[0]).toMatchObject({ label: 'API — down for 29 min' });
    expect(serverOf(status, 'test').connection).toMatchObject({ capabilities: [], serverProblems: [] });

    const events = await second.calls.listEvents(T0);
    expect(events.map((event) => [event.title, event.at - T0])).toEqual([
      ['API is down', 211 * MINUTE],
      ['Vigil was not watching Test for 2 h: the app was closed', 60 * MINUTE],
    ]);

    const list = await second.calls.getListHistory();
    expect(list).toMatchObject({ from: now - 24 * HOUR, to: now, slotCount: 48 });
    expect(list.items['test/monitor:m1']).toEqual({ uptime: 91 / 120, slots: `${'-'.repeat(40)}uu----ud`, firstSlot: 0, source: 'client' });

    const csv = await second.calls.exportItemHistory('test/monitor:m1', '24h', 'csv');
    expect(csv.fileName).toBe('vigil-history-api-24h-2026-11-20.csv');
    expect(csv.mimeType).toBe('text/csv; charset=utf-8');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('section,start,end,state,health,response_time_ms,detail,uptime,up_seconds,down_seconds,unknown_seconds,maintenance_seconds');
    expect(lines[1]).toMatch(/^uptime,2026-11-19T12:00:00\.000Z,2026-11-20T12:00:00\.000Z,,,,24h,0\.758\d*,5460,1740,79200,0$/);
    expect(lines.filter((line) => line.startsWith('timeline,')).slice(0, 2)).toEqual([
      'timeline,2026-11-19T12:00:00.000Z,2026-11-20T08:00:00.000Z,not watching,gap,,,,,,,',
      'timeline,2026-11-20T08:00:00.000Z,2026-11-20T09:00:00.000Z,up,ok,,,,,,,',
    ]);
    const json = JSON.parse((await second.calls.exportItemHistory('test/monitor:m1', '7d', 'json')).text) as { format: string; window: string; incidents: unknown[] };
    expect(json).toMatchObject({ format: 'vigil-item-history', version: 1, window: '7d', incidents: [{ start: '2026-11-20T11:31:00.000Z', end: null, detail: 'down' }] });
    await second.core.stop();
  });

  it('says "at least" for a state Vigil first saw when it started', async () => {
    server.state.monitors[0] = { ...server.state.monitors[0], last_status: 'down' };
    const running = await bench.start();
    for (let i = 0; i < 12; i++) await bench.pollAfter(running, MINUTE);
    const status = await running.calls.getStatus();
    expect(status.items[0]).toMatchObject({ since: T0, sinceIsLowerBound: true });
    expect(status.trayItems[0]).toMatchObject({ label: 'API — down for at least 12 min' });
    await running.core.stop();
  });

  it('tells the time the computer slept as a gap', async () => {
    const running = await bench.start();
    await bench.pollAfter(running, MINUTE);
    running.core.suspend();
    bench.clock.advance(3 * HOUR);
    running.core.resume();
    await running.calls.refreshNow();
    const gaps = (await running.calls.listEvents(T0)).filter((event) => event.kind === 'vigil').map((event) => event.title);
    expect(gaps).toEqual(['Vigil was not watching Test for 3 h: the computer slept or was offline']);
    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    expect(history.timeline.filter((segment) => segment.from >= T0).map(({ from, to, state }) => [(from - T0) / MINUTE, (to - T0) / MINUTE, state])).toEqual([
      [0, 1, 'up'],
      // Up to the poll on waking, which is now.
      [1, 181, 'not watching'],
    ]);
    await running.core.stop();
  });

  it('ends the stretch when a connection is turned off, and forgets a removed connection', async () => {
    const running = await bench.start();
    await bench.pollAfter(running, MINUTE);
    const other = await running.calls.addRemoteConnection({ name: 'Other', baseUrl: server.apiUrl.replace('127.0.0.1', 'localhost'), token: 'x.y.z' });
    await running.calls.setConnectionEnabled('test', false);
    await bench.pollAfter(running, 30 * MINUTE);
    await running.calls.setConnectionEnabled('test', true);
    await running.calls.refreshNow();
    const gaps = (await running.calls.listEvents(T0)).filter((event) => event.kind === 'vigil' && event.connectionId === 'test').map((event) => [event.title, event.serverName]);
    expect(gaps).toEqual([['Vigil was not watching Test for 30 min: the connection was turned off', 'Test']]);

    // Turned off again: its events stay in the feed (its history is still its own) but lead nowhere, since its item
    // pages cannot open while it is off; turned back on, they link to their items again.
    server.state.monitors[0] = { ...server.state.monitors[0], last_status: 'down' };
    await bench.pollAfter(running, MINUTE);
    const linked = (await running.calls.listEvents(T0)).filter((event) => event.connectionId === 'test' && event.kind === 'monitor');
    expect(linked.map((event) => [event.title, event.itemKey])).toEqual([['API is down', 'test/monitor:m1']]);
    await running.calls.setConnectionEnabled('test', false);
    const off = (await running.calls.listEvents(T0)).filter((event) => event.connectionId === 'test');
    expect(off.filter((event) => event.kind === 'monitor').map((event) => [event.title, event.itemKey])).toEqual([['API is down', undefined]]);
    expect(off.every((event) => event.itemKey === undefined)).toBe(true);
    await expect(running.calls.getItemHistory('test/monitor:m1', '24h')).rejects.toThrow('turned off');
    await running.calls.setConnectionEnabled('test', true);
    expect((await running.calls.listEvents(T0)).filter((event) => event.connectionId === 'test' && event.kind === 'monitor').map((event) => event.itemKey)).toEqual(['test/monitor:m1']);

    await running.calls.removeConnection('test');
    const db = new DatabaseSync(path.join(bench.dir, historyFileName), { readOnly: true });
    const left = db.prepare('SELECT DISTINCT connection_id AS id FROM watches UNION SELECT DISTINCT connection_id FROM items UNION SELECT DISTINCT connection_id FROM events').all();
    db.close();
    expect(left).toEqual([{ id: other.id }]);
    await running.core.stop();
  });
});

describe('a record that cannot be read', () => {
  it('does not stop the app: it is moved aside, a new one starts, and the page and the log say so', async () => {
    writeFileSync(path.join(bench.dir, historyFileName), 'not a database '.repeat(200));
    const running = await bench.start();
    for (let i = 0; i < 5; i++) await bench.pollAfter(running, MINUTE);
    expect((await running.calls.getStatus()).level).toBe('ok');
    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    expect(history.notes.at(-1)).toMatch(/^Vigil's own record could not be read \(file is not a database\), so a new one was started on 2026-11-20; the old file was kept as history\.sqlite\.corrupt-2026-11-20T08-00-00-000Z\.bak\.$/);
    expect(history.timeline.at(-1)).toMatchObject({ from: T0, state: 'up' });
    expect(running.logger.entries.some((entry) => entry.level === 'error' && entry.message.includes('moved aside'))).toBe(true);
    expect(readdirSync(bench.dir)).toContain('history.sqlite.corrupt-2026-11-20T08-00-00-000Z.bak');
    await running.core.stop();
  });
});

describe('a server that gains the history extension', () => {
  it('is asked again on reconnecting and hourly, and its history is then used', async () => {
    const running = await bench.start();
    expect(serverOf(await running.calls.getStatus(), 'test').connection?.capabilities).toEqual([]);
    expect((await running.calls.getItemHistory('test/monitor:m1', '24h')).source).toBe('client');
    server.state.capabilities = { extensions: ['history'], problems: ['History is not being saved: the disk is full.'] };
    const checked = Array.from({ length: 12 }, (_, i) => ({ at: new Date(T0 + i * 5 * MINUTE).toISOString(), checks: 5, failed: 0 }));
    server.state.series = { m1: { step_seconds: 300, points: checked } };
    await bench.pollAfter(running, MINUTE);
    expect(serverOf(await running.calls.getStatus(), 'test').connection?.capabilities).toEqual([]);
    await bench.pollAfter(running, HOUR);
    await bench.pollAfter(running, MINUTE);
    expect(serverOf(await running.calls.getStatus(), 'test').connection).toMatchObject({ capabilities: ['history'], serverProblems: ['History is not being saved: the disk is full.'] });
    const history = await running.calls.getItemHistory('test/monitor:m1', '24h');
    expect(history.source).toBe('server');
    expect(history.notes).not.toContain('This server keeps no history: shown is what Vigil saw while it was watching.');

    // Upgraded while it could not be reached: asked again as soon as it answers.
    server.state.capabilities = undefined;
    server.state.failing = true;
    await bench.pollAfter(running, MINUTE);
    server.state.failing = false;
    await bench.pollAfter(running, 5 * MINUTE);
    await bench.pollAfter(running, MINUTE);
    expect(serverOf(await running.calls.getStatus(), 'test').connection?.capabilities).toEqual([]);
    await running.core.stop();
  });
});
