// Every server at once, for real: two `vigil service` processes with their own tokens plus local mode, watched by
// one core. Each server's items and situation are its own; a slow server (a proxy that holds its answers for 30 s)
// holds nobody else up; removing a server drops its items and its token; the same monitor id on two servers stays
// two items.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDelayingProxy, type DelayingProxy } from '../../helpers/delaying-proxy.ts';
import { tokenFor } from '../../helpers/service-process.ts';
import { refreshUntil, serverOf, startCore, startOtherServer, tempDirs, type CoreFixture, type OtherServer } from './core-fixture.ts';

const slowAnswerMs = 30_000;

let dirs: ReturnType<typeof tempDirs>;
let foreignDirs: ReturnType<typeof tempDirs>;
let work: OtherServer;
let side: OtherServer;
let app: CoreFixture;
let workId: string;
let sideId: string;
let downId: string;
let slow: DelayingProxy | undefined;

beforeAll(async () => {
  // One failed check confirms "down", so the test need not wait for a second.
  [dirs, foreignDirs] = [tempDirs({ failuresToConfirmDown: 1 }), tempDirs()];
  [work, side, app] = await Promise.all([startOtherServer({ failuresToConfirmDown: 1 }), startOtherServer(), startCore(dirs)]);
  workId = (await app.calls.addRemoteConnection({ name: 'Work', baseUrl: work.apiUrl, token: work.token })).id;
  sideId = (await app.calls.addRemoteConnection({ name: 'Side', baseUrl: side.apiUrl, token: side.token })).id;
}, 120_000);

afterAll(async () => {
  await app.core.stop();
  await slow?.close();
  await Promise.all([work.close(), side.close()]);
  for (const each of [dirs, foreignDirs]) each.remove();
});

// One life, told in order: what each test finds is what the ones before it left (declared rather than assumed: a
// shuffled run keeps it).
describe('three real services watched at once', { shuffle: false }, () => {
  it('shows a monitor down on one under its server, in the status, the tray and a notification naming the server', async () => {
    // Nothing listens on port 9 of loopback: the check fails at once.
    const monitor = await app.calls.createMonitor(workId, { name: 'Closed port', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
    downId = monitor.id ?? '';
    const key = `${workId}/monitor:${downId}`;
    const status = await refreshUntil(app, (s) => s.items.some((item) => item.key === key && item.state === 'down'), 40_000);
    expect(status.servers.map((server) => [server.connection.name, server.situation, server.level])).toEqual([
      ['This computer', 'ok', 'ok'],
      ['Work', 'ok', 'critical'],
      ['Side', 'ok', 'ok'],
    ]);
    expect(status.level).toBe('critical');
    expect(status.items.find((item) => item.key === key)).toMatchObject({ connectionId: workId, serverName: 'Work', health: 'critical' });
    expect(serverOf(status, workId).monitors.map((m) => m.id)).toEqual([downId]);
    expect(serverOf(status).monitors).toEqual([]);
    expect(status.trayItems).toEqual([expect.objectContaining({ type: 'item', key, connectionId: workId, label: expect.stringMatching(/^Work · Closed port — down for /) })]);
    expect(status.tooltip).toMatch(/^Vigil — This computer: nothing watched yet · Work: 1 down · Side: nothing watched yet · last checked \d{1,2}:\d\d( [AP]M)?$/);
    await vi.waitFor(() => expect(app.alerts.filter((alert) => alert.kind === 'monitor-down')).toEqual([expect.objectContaining({ title: 'Work · Closed port is down', itemKey: key, connectionId: workId })]), { timeout: 5_000 });
  }, 60_000);

  it('lets nobody wait for a server that answers after 30 s, and keeps the same monitor id on two servers apart', async () => {
    // The Work service again, behind a proxy that holds each answer for 30 s: a second server with Work's ids.
    const proxy = await startDelayingProxy(work.apiUrl, slowAnswerMs);
    slow = proxy;
    await app.secrets.set('slow', work.token);
    app.settings.update((s) => ({ ...s, connections: [...s.connections, { id: 'slow', name: 'Slow', baseUrl: proxy.apiUrl, kind: 'remote', sourceKind: 'vigil', enabled: true }] }));
    await vi.waitFor(() => expect(proxy.pending()).toBeGreaterThan(0), { timeout: 5_000 });

    // While its first poll is held, the others go on: a change on Side and one on this computer show at once.
    const quick = await app.calls.createMonitor(sideId, { name: 'Quick', type: 'tcp', url: '127.0.0.1:9', frequency: 60 });
    const heartbeat = await app.calls.createHeartbeat('local', { name: 'Nightly' });
    const meanwhile = await app.statusWhere(
      (s) => s.items.some((item) => item.key === `${sideId}/monitor:${quick.id}`) && s.items.some((item) => item.key === `local/heartbeat:${heartbeat.id}`),
      10_000,
    );
    expect(proxy.pending()).toBeGreaterThan(0);
    expect(serverOf(meanwhile, 'slow')).toMatchObject({ situation: 'waiting', problem: 'Waiting for the first answer from Slow.' });
    // Calls over every server answer too, the held one's part from Vigil's record alone.
    const [bars, events] = await Promise.all([app.calls.getListHistory(), app.calls.listEvents(0)]);
    expect(bars.items[`${workId}/monitor:${downId}`]).toMatchObject({ source: 'server' });
    expect(events.some((event) => event.itemKey === `${workId}/monitor:${downId}` && event.serverName === 'Work')).toBe(true);
    // Nothing Slow was asked has been answered yet, and its first poll is still held: everything above went on
    // without it, however long a loaded machine took to get here.
    expect(proxy.passedOn()).toBe(0);
    expect(proxy.pending()).toBeGreaterThan(0);

    // Its answer arrives (let through now rather than in 30 s): the same monitor, under each server's own key.
    proxy.release();
    const both = await app.statusWhere((s) => serverOf(s, 'slow').situation === 'ok' && serverOf(s, 'slow').monitors.length > 0, 20_000);
    const closed = both.items.filter((item) => item.name === 'Closed port');
    expect(closed.map((item) => [item.key, item.serverName])).toEqual([
      [`${workId}/monitor:${downId}`, 'Work'],
      [`slow/monitor:${downId}`, 'Slow'],
    ]);
    await app.calls.snooze(`slow/monitor:${downId}`, '1h');
    const snoozed = await app.statusWhere((s) => s.items.some((item) => item.key === `slow/monitor:${downId}` && item.snoozedUntil !== undefined));
    expect(snoozed.items.find((item) => item.key === `${workId}/monitor:${downId}`)?.snoozedUntil).toBeUndefined();
    await app.calls.deleteMonitor(sideId, quick.id ?? '');
    await app.calls.deleteHeartbeat('local', heartbeat.id ?? '');
  }, 60_000);

  it('drops a removed server: its items, its token, its alert state, and its polling', async () => {
    await app.calls.removeConnection('slow');
    const status = await app.calls.getStatus();
    expect(status.servers.map((server) => server.connection.id)).toEqual(['local', workId, sideId]);
    expect(status.items.filter((item) => item.connectionId === 'slow')).toEqual([]);
    expect(status.trayItems.some((item) => item.type !== 'more' && item.connectionId === 'slow')).toBe(false);
    expect(await app.secrets.get('slow')).toBeUndefined();
    expect(app.settings.read().snoozes.filter((snooze) => snooze.key.startsWith('slow/'))).toEqual([]);
    const alertState = JSON.parse(readFileSync(path.join(dirs.configDir, 'alert-state.json'), 'utf8')) as { connections: Record<string, unknown> };
    expect(Object.keys(alertState.connections).sort()).toEqual(['local', workId, sideId].sort());
    const requests = slow?.received() ?? 0;
    await app.calls.refreshNow();
    expect(slow?.received()).toBe(requests);
  }, 90_000);

  it('shows one stopped, one with a revoked token and one healthy as three situations at the same time', async () => {
    // A token the Side service never issued (from another data dir), as after its key was replaced.
    await app.secrets.set(sideId, await tokenFor(foreignDirs.dataDir));
    await work.stop();
    const status = await refreshUntil(app, (s) => serverOf(s, workId).situation === 'unreachable' && serverOf(s, sideId).situation === 'signed-out', 20_000);
    expect(status.servers.map((server) => [server.connection.name, server.situation, server.level, server.connection.auth])).toEqual([
      ['This computer', 'ok', 'ok', 'signed-in'],
      ['Work', 'unreachable', 'offline', 'signed-in'],
      ['Side', 'signed-out', 'unknown', 'rejected'],
    ]);
    expect(serverOf(status, workId).problem).toMatch(/./);
    expect(serverOf(status, sideId).problem).toMatch(/did not accept the access token/);
    expect(serverOf(status).problem).toBeUndefined();
    expect(status.level).toBe('offline');
    expect(status.trayItems.slice(0, 2)).toEqual([
      { type: 'server', connectionId: workId, situation: 'unreachable', label: "Can't reach Work" },
      { type: 'server', connectionId: sideId, situation: 'signed-out', label: 'Side: sign in again' },
    ]);
    // What Work last said is still shown under it.
    expect(status.items.find((item) => item.key === `${workId}/monitor:${downId}`)).toMatchObject({ serverName: 'Work', state: 'down' });
    await vi.waitFor(() => expect(app.alerts.some((alert) => alert.kind === 'sign-in-again' && alert.connectionId === sideId)).toBe(true), { timeout: 5_000 });
  }, 60_000);
});
