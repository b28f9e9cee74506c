// The core end to end in plain Node: local mode runs the real service in its own process, the status follows the
// service's data, every contract method acts on it, and connections, tokens and the service process are managed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { silentLogger } from '../../../common/logger.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { isAlive, startCore, tempDirs, type CoreFixture } from './core-fixture.ts';

const DAY = 86_400_000;
let dirs: ReturnType<typeof tempDirs>;
let target: HttpTarget;
let app: CoreFixture;

beforeAll(async () => {
  dirs = tempDirs();
  target = await startHttpTarget();
  app = await startCore(dirs);
});
afterAll(async () => {
  await app.core.stop();
  await target.close();
  dirs.remove();
});

async function serviceApi(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  const local = app.settings.read().connections.find((c) => c.id === 'local');
  const token = await app.secrets.get('local');
  const response = await fetch(`${local?.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response.json();
}

describe('first start in local mode', () => {
  it('starts the service, saves the local connection as the active one, and keeps a 30-day token for it', async () => {
    expect(app.started).toHaveLength(1);
    const [local, ...others] = await app.calls.listConnections();
    expect(others).toEqual([]);
    expect(local).toMatchObject({ id: 'local', name: 'This computer', kind: 'local', active: true, auth: 'signed-in', baseUrl: app.started[0]?.apiUrl });
    expect(local?.tokenExpiresAt).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(JSON.stringify(await app.calls.listConnections())).not.toContain((await app.secrets.get('local')) ?? 'no token');
    expect(app.settings.read().activeConnectionId).toBe('local');
  });

  it('shows live data: a monitor created through the service API appears in the status', async () => {
    const created = (await serviceApi('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.url, frequency: 60 } })) as { id: string };
    await app.calls.refreshNow();
    const status = await app.calls.getStatus();
    expect(status.connection).toMatchObject({ id: 'local', auth: 'signed-in' });
    expect(status.monitors.map((m) => m.id)).toContain(created.id);
    expect(status.items.find((item) => item.key === `monitor:${created.id}`)).toMatchObject({ kind: 'monitor', name: 'Shop' });
    expect(status.problem).toBeUndefined();
    expect(status.tooltip).toMatch(/This computer/);
    await app.calls.deleteMonitor(created.id);
  });
});

describe('the contract methods on the active connection', () => {
  it('creates, lists, updates and deletes monitors; a bad edit is refused field by field', async () => {
    const { calls } = app;
    const monitor = await calls.createMonitor({ name: ' API ', type: 'http', url: `${target.url}/health`, frequency: 30 });
    expect(monitor).toMatchObject({ name: 'API', frequency: 30 });
    const id = monitor.id ?? '';
    expect((await calls.listMonitors()).map((m) => m.id)).toContain(id);
    const renamed = await calls.updateMonitor(id, { name: 'Public API', last_status: 'down' });
    expect(renamed).toMatchObject({ id, name: 'Public API', url: `${target.url}/health`, type: 'http', frequency: 30 });
    await expect(calls.updateMonitor(id, { url: 'not a url' })).rejects.toMatchObject({
      code: 'failed',
      message: expect.stringMatching(/^The monitor was not saved: url /),
      details: [{ field: 'url', message: expect.any(String) }],
    });
    await calls.deleteMonitor(id);
    expect((await calls.listMonitors()).map((m) => m.id)).not.toContain(id);
    await expect(calls.deleteMonitor(id)).rejects.toMatchObject({ code: 'failed', message: expect.stringMatching(/^The server has nothing at DELETE|^The server has nothing at/) });
  });

  it('creates, lists and deletes heartbeats, domains and notification handlers', async () => {
    const { calls } = app;
    const heartbeat = await calls.createHeartbeat({ name: 'Backup', expected_interval: 3600 });
    const domain = await calls.createDomain({ domain: 'Example.COM' });
    const handler = await calls.createNotificationHandler({ name: 'Hook', type: 'webhook', destination: 'http://127.0.0.1:9/hook' });
    expect(domain.domain).toBe('example.com');
    expect((await calls.listHeartbeats()).map((h) => h.id)).toContain(heartbeat.id);
    expect((await calls.listDomains()).map((d) => d.id)).toContain(domain.id);
    expect((await calls.listNotificationHandlers()).map((h) => h.id)).toContain(handler.id);
    await calls.deleteHeartbeat(heartbeat.id ?? '');
    await calls.deleteDomain(domain.id ?? '');
    await calls.deleteNotificationHandler(handler.id ?? '');
    expect(await calls.listHeartbeats()).toEqual([]);
    expect(await calls.listDomains()).toEqual([]);
    expect(await calls.listNotificationHandlers()).toEqual([]);
  });

  it('checks arguments against the contract even in-process', async () => {
    const createMonitor = app.calls.createMonitor as (...args: unknown[]) => Promise<unknown>;
    await expect(createMonitor({ name: 'x', type: 'http', url: 'ftp://x', frequency: 60 })).rejects.toMatchObject({ code: 'invalid-arguments', details: [{ field: '0.url' }] });
  });

  it('sends a status event after a change', async () => {
    const heartbeat = await app.calls.createHeartbeat({ name: 'Nightly' });
    const status = await app.statusWhere((s) => s.heartbeats.some((h) => h.id === heartbeat.id));
    expect(status.items.find((item) => item.key === `heartbeat:${heartbeat.id}`)).toMatchObject({ kind: 'heartbeat', name: 'Nightly', state: 'waiting' });
    await app.calls.deleteHeartbeat(heartbeat.id ?? '');
    await app.statusWhere((s) => s.heartbeats.length === 0);
  });

  it('keeps snoozes and the global pause in the settings, with a status event for each', async () => {
    const { calls } = app;
    const monitor = await calls.createMonitor({ name: 'Snoozy', type: 'http', url: target.url, frequency: 60 });
    const key = `monitor:${monitor.id}`;
    await app.statusWhere((s) => s.items.some((item) => item.key === key));
    const before = Date.now();
    await calls.snooze(key, '4h');
    const [snooze] = new ConfSettingsStore({ directory: dirs.configDir, logger: silentLogger }).read().snoozes;
    expect(snooze?.key).toBe(key);
    expect(snooze?.until).toBeGreaterThanOrEqual(before + 4 * 3_600_000);
    const snoozed = await app.statusWhere((s) => s.items.some((item) => item.key === key && item.snoozedUntil !== undefined));
    expect(snoozed.items.at(-1)?.key).toBe(key);
    await calls.unsnooze(key);
    expect(app.settings.read().snoozes).toEqual([]);

    await calls.pauseNotifications('until-resumed');
    expect(app.settings.read().pausedUntil).toBe('resumed');
    expect(await app.statusWhere((s) => s.level === 'paused')).toMatchObject({ pausedUntil: 'resumed' });
    await calls.resumeNotifications();
    expect(app.settings.read().pausedUntil).toBeUndefined();
    expect((await calls.getStatus()).level).not.toBe('paused');
    await calls.deleteMonitor(monitor.id ?? '');
  });
});

describe('connections', () => {
  let remoteId: string;
  let goodToken: string;

  it('adds a remote connection once the server accepts its token', async () => {
    goodToken = await app.launcher.issueToken(30 * 86_400);
    const baseUrl = `${app.started.at(-1)?.apiUrl}/`;
    const added = await app.calls.addRemoteConnection({ name: 'Staging', baseUrl, token: goodToken });
    remoteId = added.id;
    expect(added).toMatchObject({ name: 'Staging', kind: 'remote', active: false, auth: 'signed-in', baseUrl: baseUrl.slice(0, -1) });
    expect(await app.secrets.get(remoteId)).toBe(goodToken);
    expect((await app.calls.testConnection({ baseUrl, connectionId: remoteId })).message).toMatch(/^Connected: \d+ monitors?, 0 heartbeats, 0 domains$/);
  });

  it('refuses a token the server rejects, with the server\'s words, and saves nothing', async () => {
    const before = app.settings.read();
    const baseUrl = app.started.at(-1)?.apiUrl ?? '';
    await expect(app.calls.addRemoteConnection({ name: 'Bad', baseUrl, token: 'not.a.token' })).rejects.toMatchObject({
      code: 'failed',
      message: expect.stringMatching(/^The server did not accept the access token \(HTTP 401\): /),
    });
    expect(app.settings.read()).toEqual(before);
    const test = await app.calls.testConnection({ baseUrl, token: 'not.a.token' });
    expect(test).toMatchObject({ ok: false, message: expect.stringMatching(/did not accept the access token/) });
  });

  it('does not send a saved token to another address', async () => {
    const test = await app.calls.testConnection({ baseUrl: 'http://127.0.0.2:9/api', connectionId: remoteId });
    expect(test).toMatchObject({ ok: false, message: expect.stringMatching(/only sent to/) });
    expect(app.requests()).toBeGreaterThan(0);
  });

  it('a rejected token: one "sign in again", polling held until a new token is set', async () => {
    await app.calls.setActiveConnection(remoteId);
    expect((await app.calls.getStatus()).connection).toMatchObject({ id: remoteId, active: true });
    // The server revokes the token (here: the stored one is replaced behind the core's back).
    await app.secrets.set(remoteId, 'revoked.token.value');
    app.alerts.length = 0;
    await app.calls.refreshNow();
    expect(app.alerts.map((a) => [a.kind, a.connectionId])).toEqual([['sign-in-again', remoteId]]);
    const rejected = await app.calls.getStatus();
    expect(rejected.connection?.auth).toBe('rejected');
    expect(rejected.problem).toMatch(/did not accept the access token/);

    const requests = app.requests();
    await app.calls.refreshNow();
    app.core.resume();
    app.core.suspend();
    app.core.resume();
    expect(app.requests()).toBe(requests);
    expect(app.alerts).toHaveLength(1);

    const view = await app.calls.setConnectionToken(remoteId, goodToken);
    expect(view.auth).toBe('signed-in');
    const back = await app.statusWhere((s) => s.connection?.auth === 'signed-in' && s.problem === undefined && s.lastSuccessfulPollAt !== undefined);
    expect(back.connection?.id).toBe(remoteId);
    expect(app.requests()).toBeGreaterThan(requests);
    expect(app.alerts).toHaveLength(1);
  });

  it('removes a remote connection with its token; the local one stays, and becomes active again', async () => {
    await app.calls.removeConnection(remoteId);
    expect(await app.secrets.get(remoteId)).toBeUndefined();
    expect((await app.calls.listConnections()).map((c) => [c.id, c.active])).toEqual([['local', true]]);
    expect((await app.calls.getStatus()).connection?.id).toBe('local');
    await expect(app.calls.removeConnection('local')).rejects.toMatchObject({ code: 'failed', message: expect.stringMatching(/cannot be removed/) });
    await expect(app.calls.setActiveConnection('nope')).rejects.toMatchObject({ message: 'There is no connection with the id "nope".' });
  });

  it('renews the local token by itself when the service rejects it', async () => {
    await app.secrets.set('local', 'stale.local.token');
    app.alerts.length = 0;
    await app.calls.refreshNow();
    const status = await app.statusWhere((s) => s.connection?.auth === 'signed-in' && s.problem === undefined);
    expect(status.connection?.id).toBe('local');
    expect(await app.secrets.get('local')).not.toBe('stale.local.token');
    expect(app.alerts.filter((a) => a.kind === 'sign-in-again')).toEqual([]);
  });
});

describe('the service process', () => {
  it('is started again when it dies, and the local connection follows its new address', async () => {
    const first = app.started[0];
    const monitor = await app.calls.createMonitor({ name: 'Survivor', type: 'http', url: target.url, frequency: 60 });
    process.kill(first?.pid ?? 0, 'SIGKILL');
    await first?.exited;
    const status = await app.statusWhere((s) => s.connection?.baseUrl === app.started[1]?.apiUrl && s.monitors.some((m) => m.id === monitor.id), 20_000);
    expect(app.started).toHaveLength(2);
    expect(status.connection).toMatchObject({ id: 'local', auth: 'signed-in' });
    expect(app.logger.entries.some((e) => e.level === 'warn' && /stopped unexpectedly .*starting it again in 1 s/.test(e.message))).toBe(true);
  });

  it('is stopped by stop(): no process is left', async () => {
    await app.core.stop();
    for (const running of app.started) {
      await running.exited;
      expect(isAlive(running.pid)).toBe(false);
    }
  });
});
