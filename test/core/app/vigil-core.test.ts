// The core end to end in plain Node: local mode runs the real service in its own process, the status follows the
// service's data, every contract method acts on it, and connections, tokens and the service process are managed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { silentLogger } from '../../../common/logger.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { isAlive, serverOf } from './core-fixture.ts';
import { coreForTests } from './core-for-tests.ts';

const DAY = 86_400_000;
const app = coreForTests();
let target: HttpTarget;

beforeAll(async () => {
  target = await startHttpTarget();
});
afterAll(async () => {
  await target.close();
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

// One core's life, told in order: its first start, then work on it, connections added and taken away, and at the
// end its service killed and the core stopped. The order is the story's, declared here rather than assumed (a
// shuffled run keeps it).
describe('the core in local mode, from first start to stop', { shuffle: false }, () => {
  describe('first start in local mode', () => {
    it('starts the service, saves the local connection enabled, and keeps a 30-day token for it', async () => {
      expect(app.started).toHaveLength(1);
      const [local, ...others] = await app.calls.listConnections();
      expect(others).toEqual([]);
      expect(local).toMatchObject({ id: 'local', name: 'This computer', kind: 'local', enabled: true, auth: 'signed-in', baseUrl: app.started[0]?.apiUrl });
      expect(local?.tokenExpiresAt).toBeGreaterThan(Date.now() + 29 * DAY);
      expect(JSON.stringify(await app.calls.listConnections())).not.toContain((await app.secrets.get('local')) ?? 'no token');
      expect(app.settings.read().connections).toEqual([expect.objectContaining({ id: 'local', enabled: true })]);
    });

    it('shows live data: a monitor created through the service API appears in the status', async () => {
      const created = (await serviceApi('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.url, frequency: 60 } })) as { id: string };
      await app.calls.refreshNow();
      const status = await app.calls.getStatus();
      expect(serverOf(status).connection).toMatchObject({ id: 'local', auth: 'signed-in' });
      expect(serverOf(status).monitors.map((m) => m.id)).toContain(created.id);
      expect(status.items.find((item) => item.key === `local/monitor:${created.id}`)).toMatchObject({ kind: 'monitor', name: 'Shop', connectionId: 'local', serverName: 'This computer' });
      expect(serverOf(status).problem).toBeUndefined();
      expect(status.tooltip).toMatch(/This computer/);
      await app.calls.deleteMonitor('local', created.id);
    });
  });

  // Each method's test makes and removes what it uses: these may run in any order.
  describe('the contract methods on a named connection', { shuffle: true }, () => {
    it('creates, lists, updates and deletes monitors; a bad edit is refused field by field', async () => {
      const { calls } = app;
      const monitor = await calls.createMonitor('local', { name: ' API ', type: 'http', url: `${target.url}/health`, frequency: 30 });
      expect(monitor).toMatchObject({ name: 'API', frequency: 30 });
      const id = monitor.id ?? '';
      expect((await calls.listMonitors('local')).map((m) => m.id)).toContain(id);
      const renamed = await calls.updateMonitor('local', id, { name: 'Public API', last_status: 'down' });
      expect(renamed).toMatchObject({ id, name: 'Public API', url: `${target.url}/health`, type: 'http', frequency: 30 });
      await expect(calls.updateMonitor('local', id, { url: 'not a url' })).rejects.toMatchObject({
        code: 'failed',
        message: expect.stringMatching(/^The monitor was not saved: url /),
        details: [{ field: 'url', message: expect.any(String) }],
      });
      await calls.deleteMonitor('local', id);
      expect((await calls.listMonitors('local')).map((m) => m.id)).not.toContain(id);
      await expect(calls.deleteMonitor('local', id)).rejects.toMatchObject({ code: 'failed', message: expect.stringMatching(/^The server has nothing at DELETE|^The server has nothing at/) });
    });

    it('edits an http monitor’s request and expectations: a masked value sent back keeps the secret, null resets', async () => {
      const { calls } = app;
      const monitor = await calls.createMonitor('local', {
        name: 'Tenant API', type: 'http', url: `${target.url}/health`, frequency: 300,
        headers: { 'X-Tenant': 'acme' }, secret_headers: ['X-Tenant'], expect: { body_contains: 'up' }, retry_seconds: 30,
      });
      expect(monitor).toMatchObject({ headers: { 'X-Tenant': '••••••••' }, retry_seconds: 30 });
      const id = monitor.id ?? '';
      const edited = await calls.updateMonitor('local', id, { headers: { 'X-Tenant': '••••••••', Accept: 'text/plain' }, expect: { status: [200] }, retry_seconds: null });
      expect(edited).toMatchObject({ name: 'Tenant API', headers: { 'X-Tenant': '••••••••', Accept: 'text/plain' }, secret_headers: ['X-Tenant'], expect: { status: [200] }, retry_seconds: 20 });
      // The certificate settings go through too, and are judged on the way.
      expect(await calls.updateMonitor('local', id, { tls: { expiry_days: [14, 30], ignore_errors: true } })).toMatchObject({ tls: { expiry_days: [30, 14], ignore_errors: true } });
      // The stored secret does not follow the monitor to another origin: the move names the header to give again.
      await expect(calls.updateMonitor('local', id, { url: 'https://127.0.0.1:9/health' })).rejects.toMatchObject({ details: [{ field: 'headers', message: expect.stringContaining('X-Tenant') }] });
      await expect(calls.updateMonitor('local', id, { tls: { expiry_days: [0] } })).rejects.toMatchObject({ details: [{ field: 'tls.expiry_days.0', message: expect.any(String) }] });
      await expect(calls.updateMonitor('local', id, { expect: { json: [{ path: '$..deep', equals: true }] } })).rejects.toMatchObject({
        details: [{ field: 'expect.json.0.path', message: expect.any(String) }],
      });
      await calls.deleteMonitor('local', id);
    });

    it('creates, lists and deletes heartbeats, domains and notification handlers', async () => {
      const { calls } = app;
      const heartbeat = await calls.createHeartbeat('local', { name: 'Backup', expected_interval: 3600 });
      const domain = await calls.createDomain('local', { domain: 'Example.COM' });
      const handler = await calls.createNotificationHandler('local', { name: 'Hook', type: 'webhook', destination: 'http://127.0.0.1:9/hook' });
      expect(domain.domain).toBe('example.com');
      expect((await calls.listHeartbeats('local')).map((h) => h.id)).toContain(heartbeat.id);
      expect((await calls.listDomains('local')).map((d) => d.id)).toContain(domain.id);
      expect((await calls.listNotificationHandlers('local')).map((h) => h.id)).toContain(handler.id);
      await calls.deleteHeartbeat('local', heartbeat.id ?? '');
      await calls.deleteDomain('local', domain.id ?? '');
      await calls.deleteNotificationHandler('local', handler.id ?? '');
      expect(await calls.listHeartbeats('local')).toEqual([]);
      expect(await calls.listDomains('local')).toEqual([]);
      expect(await calls.listNotificationHandlers('local')).toEqual([]);
    });

    it('checks arguments against the contract even in-process', async () => {
      const createMonitor = app.calls.createMonitor as (...args: unknown[]) => Promise<unknown>;
      await expect(createMonitor('local', { name: 'x', type: 'http', url: 'ftp://x', frequency: 60 })).rejects.toMatchObject({ code: 'invalid-arguments', details: [{ field: '1.url' }] });
      await expect(app.calls.listMonitors('nope')).rejects.toMatchObject({ code: 'failed', message: 'There is no connection with the id "nope".' });
    });

    it('sends a status event after a change', async () => {
      const heartbeat = await app.calls.createHeartbeat('local', { name: 'Nightly' });
      const status = await app.statusWhere((s) => serverOf(s).heartbeats.some((h) => h.id === heartbeat.id));
      expect(status.items.find((item) => item.key === `local/heartbeat:${heartbeat.id}`)).toMatchObject({ kind: 'heartbeat', name: 'Nightly', state: 'waiting' });
      await app.calls.deleteHeartbeat('local', heartbeat.id ?? '');
      await app.statusWhere((s) => serverOf(s).heartbeats.length === 0);
    });

    it('keeps snoozes and the global pause in the settings, with a status event for each', async () => {
      const { calls } = app;
      const monitor = await calls.createMonitor('local', { name: 'Snoozy', type: 'http', url: target.url, frequency: 60 });
      const key = `local/monitor:${monitor.id}`;
      await app.statusWhere((s) => s.items.some((item) => item.key === key));
      const before = Date.now();
      await calls.snooze(key, '4h');
      const [snooze] = new FileSettingsStore({ directory: app.dirs.configDir, logger: silentLogger }).read().snoozes;
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
      await expect(calls.snooze('nope/monitor:1', '1h')).rejects.toMatchObject({ message: 'There is no connection with the id "nope".' });
      await calls.deleteMonitor('local', monitor.id ?? '');
    });
  });

  describe('connections', () => {
    let remoteId: string;
    let goodToken: string;

    it('adds a remote connection once the server accepts its token', async () => {
      goodToken = await app.launcher.issueToken(30 * 86_400);
      // The same service under another name of this computer, so its requests can be told from the local ones.
      const baseUrl = `${app.started.at(-1)?.apiUrl.replace('127.0.0.1', 'localhost')}/`;
      const added = await app.calls.addRemoteConnection({ name: 'Staging', baseUrl, token: goodToken });
      remoteId = added.id;
      expect(added).toMatchObject({ name: 'Staging', kind: 'remote', enabled: true, auth: 'signed-in', baseUrl: baseUrl.slice(0, -1) });
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

    it('watches the added server beside the local one, the same monitor id apart on each', async () => {
      const monitor = await app.calls.createMonitor('local', { name: 'Twice', type: 'http', url: target.url, frequency: 60 });
      await app.calls.refreshNow();
      const status = await app.statusWhere((s) => s.servers.every((server) => server.monitors.some((m) => m.id === monitor.id)));
      expect(status.servers.map((server) => server.connection.id)).toEqual(['local', remoteId]);
      expect(status.items.filter((item) => item.name === 'Twice').map((item) => item.key)).toEqual(expect.arrayContaining([`local/monitor:${monitor.id}`, `${remoteId}/monitor:${monitor.id}`]));
      await app.calls.deleteMonitor(remoteId, monitor.id ?? '');
    });

    it("a rejected token: one 'sign in again', that server's polling held until a new token is set, the other unaffected", async () => {
      const remote = app.settings.read().connections.find((c) => c.id === remoteId)?.baseUrl ?? '';
      // The server revokes the token (here: the stored one is replaced behind the core's back).
      await app.secrets.set(remoteId, 'revoked.token.value');
      app.alerts.length = 0;
      await app.calls.refreshNow();
      await vi.waitFor(() => expect(app.alerts.map((a) => [a.kind, a.connectionId, a.title])).toEqual([['sign-in-again', remoteId, 'Sign in to Staging again']]), { timeout: 5_000 });
      const rejected = await app.calls.getStatus();
      expect(serverOf(rejected, remoteId)).toMatchObject({ situation: 'signed-out', connection: { auth: 'rejected' }, problem: expect.stringMatching(/did not accept the access token/) });
      expect(serverOf(rejected)).toMatchObject({ situation: 'ok', connection: { auth: 'signed-in' } });
      expect(rejected.trayItems[0]).toEqual({ type: 'server', connectionId: remoteId, situation: 'signed-out', label: 'Staging: sign in again' });

      const requests = app.requests(remote);
      const local = app.requests(serverOf(rejected).connection.baseUrl);
      await app.calls.refreshNow();
      app.core.resume();
      app.core.suspend();
      app.core.resume();
      expect(app.requests(remote)).toBe(requests);
      expect(app.requests(serverOf(rejected).connection.baseUrl)).toBeGreaterThan(local);
      expect(app.alerts).toHaveLength(1);

      const view = await app.calls.setConnectionToken(remoteId, goodToken);
      expect(view.auth).toBe('signed-in');
      const back = await app.statusWhere((s) => serverOf(s, remoteId).connection.auth === 'signed-in' && serverOf(s, remoteId).problem === undefined && serverOf(s, remoteId).situation === 'ok');
      expect(serverOf(back, remoteId).lastSuccessfulPollAt).toBeDefined();
      expect(app.requests(remote)).toBeGreaterThan(requests);
      expect(app.alerts).toHaveLength(1);
    });

    it('takes a token `vigil login` gave beside the running app: the rejection is lifted without a restart', async () => {
      await app.secrets.set(remoteId, 'revoked.token.value');
      await app.calls.refreshNow();
      await app.statusWhere((s) => serverOf(s, remoteId).connection.auth === 'rejected');
      // The command line keeps the token, then writes the settings with its own store (signedInAt marks the change).
      await app.secrets.set(remoteId, goodToken);
      new FileSettingsStore({ directory: app.dirs.configDir, logger: silentLogger }).update((s) => ({
        ...s,
        connections: s.connections.map((c) => (c.id === remoteId ? { ...c, signedInAt: Date.now() } : c)),
      }));
      const back = await app.statusWhere((s) => serverOf(s, remoteId).connection.auth === 'signed-in' && serverOf(s, remoteId).situation === 'ok');
      expect(serverOf(back, remoteId).problem).toBeUndefined();
    });

    it('turns a connection off (kept with its token, not polled) and on again', async () => {
      const remote = app.settings.read().connections.find((c) => c.id === remoteId)?.baseUrl ?? '';
      expect(await app.calls.setConnectionEnabled(remoteId, false)).toMatchObject({ id: remoteId, enabled: false, auth: 'signed-in' });
      const off = await app.calls.getStatus();
      expect(off.servers.map((server) => server.connection.id)).toEqual(['local']);
      expect(off.items.every((item) => item.connectionId === 'local')).toBe(true);
      await expect(app.calls.listMonitors(remoteId)).rejects.toMatchObject({ message: 'Staging is turned off: turn it on in the settings to work with it.' });
      const requests = app.requests(remote);
      await app.calls.refreshNow();
      expect(app.requests(remote)).toBe(requests);
      expect(await app.secrets.get(remoteId)).toBe(goodToken);
      await app.calls.setConnectionEnabled(remoteId, true);
      await app.statusWhere((s) => s.servers.some((server) => server.connection.id === remoteId && server.situation === 'ok'));
    });

    it('removes a remote connection with its token and items; the local one stays', async () => {
      await app.calls.removeConnection(remoteId);
      expect(await app.secrets.get(remoteId)).toBeUndefined();
      expect((await app.calls.listConnections()).map((c) => [c.id, c.enabled])).toEqual([['local', true]]);
      const status = await app.calls.getStatus();
      expect(status.servers.map((server) => server.connection.id)).toEqual(['local']);
      expect(status.items.every((item) => item.connectionId === 'local')).toBe(true);
      await expect(app.calls.removeConnection('local')).rejects.toMatchObject({ code: 'failed', message: expect.stringMatching(/cannot be removed/) });
      await expect(app.calls.setConnectionEnabled('nope', true)).rejects.toMatchObject({ message: 'There is no connection with the id "nope".' });
    });

    it('renews the local token by itself when the service rejects it', async () => {
      await app.secrets.set('local', 'stale.local.token');
      app.alerts.length = 0;
      await app.calls.refreshNow();
      await app.statusWhere((s) => serverOf(s).connection.auth === 'signed-in' && serverOf(s).problem === undefined);
      expect(await app.secrets.get('local')).not.toBe('stale.local.token');
      expect(app.alerts.filter((a) => a.kind === 'sign-in-again')).toEqual([]);
    });
  });

  describe('the service process', () => {
    it('is started again when it dies, and the local connection follows its new address', async () => {
      const first = app.started[0];
      const monitor = await app.calls.createMonitor('local', { name: 'Survivor', type: 'http', url: target.url, frequency: 60 });
      process.kill(first?.pid ?? 0, 'SIGKILL');
      await first?.exited;
      const status = await app.statusWhere((s) => serverOf(s).connection.baseUrl === app.started[1]?.apiUrl && serverOf(s).monitors.some((m) => m.id === monitor.id), 20_000);
      expect(app.started).toHaveLength(2);
      expect(serverOf(status).connection).toMatchObject({ id: 'local', auth: 'signed-in' });
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
});
