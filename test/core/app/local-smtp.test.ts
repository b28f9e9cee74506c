// The local service's SMTP server through the real core and the real service process: saved to the data dir's
// config.json without the password (which goes to the secret store under `smtp:local`, with the server it was saved
// for, and into the restarted service's environment), a test email delivered to a real SMTP server on 127.0.0.1,
// refusals field by field, and the saved password never sent to another server.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServiceSecrets } from '../../../main/core/app/local-service-launcher.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { KeychainUnavailableError } from '../../../main/core/secrets/secret-store.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { boundaryCalls } from '../../helpers/boundary-calls.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp-receiver.ts';
import { isAlive, serverOf, startCore, tempDirs, testAbout, type CoreFixture } from './core-fixture.ts';

const password = 'pa55-Secret-9f3';
let dirs: ReturnType<typeof tempDirs>;
let receiver: SmtpReceiver;
let app: CoreFixture;

beforeAll(async () => {
  dirs = tempDirs();
  receiver = await startSmtpReceiver({ credentials: { user: 'alerts', password } });
  app = await startCore(dirs);
});
afterAll(async () => {
  await app.core.stop();
  await receiver.close();
  dirs.remove();
});

const configFile = () => path.join(dirs.dataDir, 'config.json');
const config = () => JSON.parse(readFileSync(configFile(), 'utf8')) as Record<string, unknown>;
const server = (port = receiver.port) => ({ host: '127.0.0.1', port, security: 'none' as const, user: 'alerts', from: 'vigil@example.com' });

/** The password in the secret store, without the server it was saved for. */
async function storedPassword(secrets = app.secrets): Promise<string | undefined> {
  const stored = await secrets.get('smtp:local');
  return stored === undefined ? undefined : (JSON.parse(stored) as { password: string }).password;
}

/** The variables of a running process, from /proc (Linux). */
function environmentOf(pid: number | undefined): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
}

// One server's SMTP settings from first start to removal, in this order: each step finds what the one before saved
// (declared rather than assumed: a shuffled run keeps it).
describe('the local service\'s SMTP server', { shuffle: false }, () => {
  it('is not set up on a first start', async () => {
    expect(await app.calls.getLocalService()).toEqual({ available: true });
    expect(await app.calls.sendTestEmail({ to: 'ops@example.com' })).toEqual({
      ok: false,
      message: "No SMTP server is set up: save the local monitoring service's SMTP server first.",
    });
  });

  it('is saved to config.json without the password, which goes to the secret store; the service restarts with it', async () => {
    const before = config();
    const first = app.started[0];
    const view = await app.calls.setLocalSmtp({ ...server(), password });
    expect(view).toEqual({ available: true, smtp: { ...server(), passwordSaved: true } });

    expect(config()).toEqual({ ...before, smtp: server() });
    expect(readFileSync(configFile(), 'utf8')).not.toContain(password);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    const { from: _from, ...destination } = server();
    expect(JSON.parse((await app.secrets.get('smtp:local')) ?? '')).toEqual({ password, savedFor: destination });

    expect(app.started).toHaveLength(2);
    expect(isAlive(first?.pid)).toBe(false);
    const restarted = app.started[1];
    expect(environmentOf(restarted?.pid)).toContain(`VIGIL_SMTP_PASSWORD=${password}`);
    expect(readFileSync(`/proc/${restarted?.pid}/cmdline`, 'utf8')).not.toContain(password);
    // The core follows the new address: a poll of the restarted service succeeds.
    await app.statusWhere((s) => serverOf(s).connection.baseUrl === restarted?.apiUrl && serverOf(s).connection.auth === 'signed-in' && serverOf(s).problem === undefined);
    expect(app.logger.text()).not.toContain(password);
    // The shell is told, so its log redacts the password wherever the service's lines mention it.
    expect(app.secretsTold).toContain(password);
  });

  it('sends a test email through it, logging in with the saved password', async () => {
    const result = await app.calls.sendTestEmail({ to: ' ops@example.com ' });
    expect(result).toEqual({ ok: true, message: expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1:${receiver.port} accepted the test email to ops@example\\.com: 250 .*\\.$`)) });
    const [email] = await receiver.waitFor(1);
    expect(email).toMatchObject({ user: 'alerts', envelopeFrom: 'vigil@example.com', envelopeTo: ['ops@example.com'], subject: '[Vigil] Test email' });
  });

  it('never sends the saved password to another server: a new host, port, security or user name asks for it again', async () => {
    // A server of someone who can drive the window: it accepts any login and keeps the password it was given.
    const collector = await startSmtpReceiver();
    try {
      const started = app.started.length;
      const rule = 'a saved password goes only to the server it was saved for';
      await expect(app.calls.setLocalSmtp(server(collector.port))).rejects.toMatchObject({
        code: 'failed',
        message: `The SMTP server was not saved: the password must be typed again: the port changed, and ${rule}.`,
        details: [{ field: '0.password', message: `must be typed again: the port changed, and ${rule}` }],
      });
      await expect(app.calls.setLocalSmtp({ ...server(collector.port), host: '127.0.0.2', user: 'other' })).rejects.toMatchObject({
        details: [{ field: '0.password', message: `must be typed again: the host, port and user name changed, and ${rule}` }],
      });
      // The same server in another spelling is the same server.
      expect((await app.calls.setLocalSmtp({ ...server(), host: ' 127.0.0.1 ' })).smtp).toMatchObject({ passwordSaved: true });
      expect(config().smtp).toEqual(server());
      expect(app.started).toHaveLength(started + 1);

      // A test email still goes to the server the password was saved for.
      expect(await app.calls.sendTestEmail({ to: 'ops@example.com' })).toMatchObject({ ok: true });
      await receiver.waitFor(2);

      // config.json pointed elsewhere behind Vigil's back: the password is not sent there either.
      writeFileSync(configFile(), JSON.stringify({ ...config(), smtp: server(collector.port) }));
      expect(await app.calls.getLocalService()).toEqual({ available: true, smtp: { ...server(collector.port), passwordSaved: false } });
      expect(await app.calls.sendTestEmail({ to: 'ops@example.com' })).toEqual({
        ok: false,
        message: `The saved SMTP password was not sent to 127.0.0.1:${collector.port}: the port changed, and ${rule}. Type it again in the email server form.`,
      });

      // Typed again, it is saved for the new server, and goes there.
      await app.calls.setLocalSmtp({ ...server(collector.port), password: 'for-the-collector' });
      expect(await app.calls.sendTestEmail({ to: 'ops@example.com' })).toMatchObject({ ok: true });
      await collector.waitFor(1);
      expect(collector.logins).toEqual([{ user: 'alerts', password: 'for-the-collector' }]);
    } finally {
      await collector.close();
    }
    await app.calls.setLocalSmtp({ ...server(), password });
  });

  it('keeps the saved password when none is sent, and refuses a user without any password, field by field', async () => {
    const kept = await app.calls.setLocalSmtp({ ...server(), from: 'alerts@example.com' });
    expect(kept.smtp).toMatchObject({ from: 'alerts@example.com', passwordSaved: true });
    expect(await storedPassword()).toBe(password);
    await expect(app.calls.setLocalSmtp({ ...server(), password: null })).rejects.toMatchObject({
      code: 'failed',
      message: 'The SMTP server was not saved: the password cannot be removed while a user name is set.',
      details: [{ field: '0.password', message: 'cannot be removed while a user name is set' }],
    });
    const { user: _user, ...anonymous } = server();
    await expect(app.calls.setLocalSmtp({ ...anonymous, password: 'x' })).rejects.toMatchObject({
      message: 'The SMTP server was not saved: a password needs a user name.',
      details: [{ field: '0.user', message: 'must be given with a password' }],
    });
    expect(await storedPassword()).toBe(password);
    expect(config().smtp).toMatchObject({ from: 'alerts@example.com', user: 'alerts' });
  });

  it('reports a refused login and an unreachable server in the server\'s words', async () => {
    await app.calls.setLocalSmtp({ ...server(), password: 'not-the-password' });
    const refused = await app.calls.sendTestEmail({ to: 'ops@example.com' });
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(new RegExp(`^Could not send the test email through 127\\.0\\.0\\.1:${receiver.port}: Invalid login: 535 .*\\.$`)) });
    expect(refused.message).not.toContain('not-the-password');

    const closed = await startSmtpReceiver();
    await closed.close();
    await app.calls.setLocalSmtp({ ...server(closed.port), password });
    expect(await app.calls.sendTestEmail({ to: 'ops@example.com' })).toEqual({
      ok: false,
      message: `Could not send the test email through 127.0.0.1:${closed.port}: connect ECONNREFUSED 127.0.0.1:${closed.port}.`,
    });
  });

  it('is removed with its password by null; without a user the password is not kept either', async () => {
    const { user: _user, ...anonymous } = server();
    expect(await app.calls.setLocalSmtp(anonymous)).toEqual({ available: true, smtp: { ...anonymous, passwordSaved: false } });
    expect(await app.secrets.get('smtp:local')).toBeUndefined();
    await app.calls.setLocalSmtp({ ...server(), password });
    expect(await app.calls.setLocalSmtp(null)).toEqual({ available: true });
    expect(config()).not.toHaveProperty('smtp');
    expect(config()).toMatchObject({ rdapAllowHttp: true });
    expect(await app.secrets.get('smtp:local')).toBeUndefined();
    expect(environmentOf(app.started.at(-1)?.pid).some((variable) => variable.startsWith('VIGIL_SMTP_PASSWORD='))).toBe(false);
    await expect(app.calls.setLocalSmtp(server())).rejects.toMatchObject({
      message: 'The SMTP server was not saved: a user name needs a password, and none is saved.',
      details: [{ field: '0.password', message: 'must be given with a user name: none is saved' }],
    });
    expect(config()).not.toHaveProperty('smtp');
  });

  it('leaves a broken config.json as it is, saying so in one sentence', async () => {
    const broken = '{ "rdapAllowHttp": true, "smtp": { "password": "hand-written" ';
    writeFileSync(configFile(), broken);
    const started = app.started.length;
    const sentence = `${configFile()} is not valid JSON at line 1, column 63 (the text ends before the JSON is complete), so Vigil leaves it as it is: fix it or remove it.`;
    await expect(app.calls.setLocalSmtp({ ...server(), password: 'other' })).rejects.toMatchObject({ code: 'failed', message: sentence });
    // The settings window still opens, with the problem where the server would be.
    expect(await app.calls.getLocalService()).toEqual({ available: true, problem: sentence });
    expect(readFileSync(configFile(), 'utf8')).toBe(broken);
    expect(await app.secrets.get('smtp:local')).toBeUndefined();
    expect(app.started).toHaveLength(started);
  });
});

describe('a core without a local service', () => {
  it('says the SMTP settings do not apply, and refuses to set or test them in one sentence', async () => {
    const own = tempDirs();
    const logger = recordingLogger();
    const settings = new FileSettingsStore({ directory: own.configDir, logger });
    settings.update((s) => ({ ...s, connections: [{ id: 'prod', name: 'Prod', baseUrl: 'http://127.0.0.1:9/api', kind: 'remote', sourceKind: 'vigil', enabled: true }] }));
    const core = await createVigilCore({ settings, alertStateDir: own.configDir, historyDir: own.configDir, secrets: new MemorySecretStore(), localService: undefined, about: testAbout, logger });
    const calls = boundaryCalls(core);
    try {
      expect(await calls.getLocalService()).toEqual({ available: false });
      await expect(calls.setLocalSmtp(null)).rejects.toMatchObject({ code: 'failed', message: 'Vigil runs no local monitoring service here, so there is no SMTP server to set.' });
      await expect(calls.sendTestEmail({ to: 'ops@example.com' })).rejects.toMatchObject({
        code: 'failed',
        message: 'Vigil runs no local monitoring service here, so there is no SMTP server to test.',
      });
    } finally {
      await core.stop();
      own.remove();
    }
  });
});

describe('the SMTP calls with a launcher and keychain the test controls', () => {
  /** A core that is never started (so nothing restarts): the calls act on its config.json and secret store only. */
  async function coreWith(secrets: MemorySecretStore) {
    const own = tempDirs();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-smtp-'));
    const tests: { to: string; secrets: LocalServiceSecrets }[] = [];
    const told: string[] = [];
    const localService = {
      dataDir,
      start: () => Promise.reject(new Error('not in these tests')),
      issueToken: () => Promise.reject(new Error('not in these tests')),
      sendTestEmail: async (to: string, given: LocalServiceSecrets) => {
        tests.push({ to, secrets: given });
        return { ok: true, message: 'sent' };
      },
    };
    const logger = recordingLogger();
    const settings = new FileSettingsStore({ directory: own.configDir, logger });
    const core = await createVigilCore({ settings, alertStateDir: own.configDir, historyDir: own.configDir, secrets, localService, about: testAbout, logger, onSecret: (secret) => told.push(secret) });
    const remove = () => {
      own.remove();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { core, calls: boundaryCalls(core), configFile: path.join(dataDir, 'config.json'), tests, told, remove };
  }

  it('shows an invalid saved server as a problem with an empty form, and saving replaces it', async () => {
    const app = await coreWith(new MemorySecretStore());
    try {
      writeFileSync(app.configFile, JSON.stringify({ keep: 1, smtp: { host: 'mail.example.com', port: 'many' } }));
      const view = await app.calls.getLocalService();
      expect(view).toEqual({ available: true, problem: expect.stringMatching(/^The SMTP server saved in .*config\.json is invalid \(.*port.*\); save it again to replace it\.$/) });
      const { user: _user, ...anonymous } = server(2525);
      expect(await app.calls.setLocalSmtp(anonymous)).toEqual({ available: true, smtp: { ...anonymous, passwordSaved: false } });
      expect(JSON.parse(readFileSync(app.configFile, 'utf8'))).toEqual({ keep: 1, smtp: anonymous });
    } finally {
      app.remove();
    }
  });

  it('shows the server when the keychain cannot be read, saying why the password is unknown', async () => {
    const secrets = new MemorySecretStore();
    secrets.get = () => Promise.reject(new KeychainUnavailableError('it did not answer within 30 seconds'));
    const app = await coreWith(secrets);
    try {
      writeFileSync(app.configFile, JSON.stringify({ smtp: server(2525) }));
      expect(await app.calls.getLocalService()).toEqual({
        available: true,
        smtp: { ...server(2525), passwordSaved: false },
        problem: 'Vigil cannot tell whether an SMTP password is saved, because the system keychain could not be read: it did not answer within 30 seconds.',
      });
    } finally {
      app.remove();
    }
  });

  it('takes a password saved before Vigil kept its server with it as saved for the server config.json names', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set('smtp:local', 'old-password');
    const app = await coreWith(secrets);
    try {
      writeFileSync(app.configFile, JSON.stringify({ smtp: server(2525) }));
      expect((await app.calls.getLocalService()).smtp).toMatchObject({ passwordSaved: true });
      await expect(app.calls.setLocalSmtp(server(2526))).rejects.toMatchObject({ details: [{ field: '0.password', message: expect.stringMatching(/^must be typed again: the port changed/) }] });
      expect(await app.calls.sendTestEmail({ to: 'ops@example.com' })).toEqual({ ok: true, message: 'sent' });
      expect(app.tests).toEqual([{ to: 'ops@example.com', secrets: { smtpPassword: 'old-password' } }]);
    } finally {
      app.remove();
    }
  });

  it('leaves the old password tied to the old server when the new server\'s password cannot be stored', async () => {
    const secrets = new MemorySecretStore();
    const app = await coreWith(secrets);
    try {
      writeFileSync(app.configFile, '{}');
      await app.calls.setLocalSmtp({ ...server(2525), password: 'first-password' });
      secrets.set = () => Promise.reject(new KeychainUnavailableError('it did not answer within 30 seconds'));
      await expect(app.calls.setLocalSmtp({ ...server(2526), password: 'second-password' })).rejects.toMatchObject({ code: 'failed' });
      // The file was written first and names the new server; the old password is not sent to it.
      expect(JSON.parse(readFileSync(app.configFile, 'utf8'))).toEqual({ smtp: server(2526) });
      expect(await app.calls.sendTestEmail({ to: 'ops@example.com' })).toMatchObject({ ok: false, message: expect.stringMatching(/^The saved SMTP password was not sent to 127\.0\.0\.1:2526: the port changed/) });
      expect(app.tests).toEqual([]);
    } finally {
      app.remove();
    }
  });

  it('sends a test email only after a save in progress, with the password that save stored', async () => {
    const secrets = new MemorySecretStore();
    let release: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const storing = new Promise<void>((resolve) => (reached = resolve));
    const stored = secrets.set.bind(secrets);
    secrets.set = async (account, secret) => {
      reached();
      await new Promise<void>((resolve) => (release = resolve));
      await stored(account, secret);
    };
    const app = await coreWith(secrets);
    try {
      writeFileSync(app.configFile, '{}');
      const saving = app.calls.setLocalSmtp({ ...server(2525), password: 'new-password' });
      const testing = app.calls.sendTestEmail({ to: 'ops@example.com' });
      await storing;
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      // The file is written; the password is not stored yet, so no test has gone out.
      expect(JSON.parse(readFileSync(app.configFile, 'utf8'))).toEqual({ smtp: server(2525) });
      expect(app.tests).toEqual([]);
      release();
      await saving;
      expect(await testing).toEqual({ ok: true, message: 'sent' });
      expect(app.tests).toEqual([{ to: 'ops@example.com', secrets: { smtpPassword: 'new-password' } }]);
      expect(app.told).toContain('new-password');
    } finally {
      app.remove();
    }
  });
});
