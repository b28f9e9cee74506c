import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { loadOrCreateSigningKey } from '../../service/auth/signing-key.ts';
import { verifyToken } from '../../service/auth/tokens.ts';
import { utilityServiceLauncher, type UtilityChild, type UtilityForkOptions } from '../../main/electron/local-service/utility-launcher.ts';
import type { ServiceToMain } from '../../main/electron/local-service/messages.ts';
import { runServiceProcess, startFailure, type ParentPortLike, type StartedService } from '../../main/electron/local-service/service-process.ts';
import { startLocalService } from '../../main/electron/local-service/start-local-service.ts';
import { manualClock } from '../helpers/manual-clock.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { startSmtpReceiver } from '../helpers/smtp-receiver.ts';
import { FakeEmitter } from './fakes.ts';

class FakeChild extends FakeEmitter implements UtilityChild {
  readonly stderr = new PassThrough();
  readonly posted: unknown[] = [];
  killed = 0;
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  kill(): boolean {
    this.killed++;
    this.emit('exit', 15);
    return true;
  }
}

function setUp(options: { mintToken?: (dataDir: string, lifetime: number) => Promise<string> } = {}) {
  const children: { child: FakeChild; modulePath: string; args: string[]; options: UtilityForkOptions }[] = [];
  const clock = manualClock();
  const logger = recordingLogger();
  const onToken = vi.fn();
  const launcher = utilityServiceLauncher({
    fork: (modulePath, args, forkOptions) => {
      const child = new FakeChild();
      children.push({ child, modulePath, args, options: forkOptions });
      return child;
    },
    entryPath: '/app/out/main/local-service.js',
    dataDir: '/data/Vigil/service',
    clock,
    logger,
    onToken,
    startTimeoutMs: 20_000,
    stopTimeoutMs: 25_000,
    ...options,
  });
  const child = () => {
    const last = children.at(-1);
    if (last === undefined) throw new Error('nothing was forked');
    return last.child;
  };
  return { launcher, children, child, clock, logger, onToken };
}

describe('the utilityProcess launcher of the local service', () => {
  it('forks the service entry with its data folder and heap caps, and resolves with its loopback address', async () => {
    const { launcher, children, child } = setUp();
    const starting = launcher.start();
    expect(children[0]).toMatchObject({
      modulePath: '/app/out/main/local-service.js',
      args: ['--data-dir=/data/Vigil/service'],
      options: { serviceName: 'Vigil local service', stdio: ['ignore', 'ignore', 'pipe'], execArgv: ['--max-semi-space-size=8', '--max-old-space-size=192'] },
    });
    child().emit('message', { type: 'ready', apiUrl: 'http://127.0.0.1:40123/api' } satisfies ServiceToMain);
    await expect(starting).resolves.toMatchObject({ apiUrl: 'http://127.0.0.1:40123/api' });
  });

  it.each([
    ['the service reports a failure', (child: FakeChild) => child.emit('message', { type: 'failed', message: 'Its port is in use.' }), 'Its port is in use.'],
    ['the process dies first', (child: FakeChild) => child.emit('exit', 1), 'stopped before it was ready (exit 1)'],
    ['the process hits a fatal error', (child: FakeChild) => child.emit('error', 'FatalError'), 'stopped before it was ready (exit FatalError)'],
    ['the address is not on this machine', (child: FakeChild) => child.emit('message', { type: 'ready', apiUrl: 'http://192.168.1.5:8731/api' }), 'not on this computer'],
  ])('rejects with one sentence when %s', async (_name, act, sentence) => {
    const { launcher, child } = setUp();
    const starting = launcher.start();
    act(child());
    await expect(starting).rejects.toThrow(sentence);
  });

  it('gives up, and kills the process, when the service is not ready in time', async () => {
    const { launcher, child, clock } = setUp();
    const starting = launcher.start();
    clock.advance(20_000);
    await expect(starting).rejects.toThrow('did not start within 20 seconds');
    expect(child().killed).toBe(1);
  });

  it('ignores messages that are not the protocol\'s', async () => {
    const { launcher, child } = setUp();
    const starting = launcher.start();
    child().emit('message', 'hello');
    child().emit('message', { type: 'ready' });
    child().emit('message', { type: 'ready', apiUrl: 'http://[::1]:5000/api' });
    await expect(starting).resolves.toMatchObject({ apiUrl: 'http://[::1]:5000/api' });
  });

  it('stops by asking the service, and kills it only if it does not exit in time', async () => {
    const { launcher, child } = setUp();
    const starting = launcher.start();
    child().emit('message', { type: 'ready', apiUrl: 'http://127.0.0.1:1/api' });
    const running = await starting;
    const stopped = running.stop();
    expect(child().posted).toEqual([{ type: 'stop' }]);
    expect(running.stop()).toBe(stopped);
    child().emit('exit', 0);
    await stopped;
    await expect(running.exited).resolves.toBe(0);
    expect(child().killed).toBe(0);

    const second = setUp();
    const again = second.launcher.start();
    second.child().emit('message', { type: 'ready', apiUrl: 'http://127.0.0.1:1/api' });
    const hung = (await again).stop();
    second.clock.advance(25_000);
    await hung;
    expect(second.child().killed).toBe(1);
  });

  it('passes the service\'s warnings and errors to the app log, and keeps its info out', async () => {
    const { launcher, child, logger } = setUp();
    void launcher.start().catch(() => {});
    child().stderr.write(`${JSON.stringify({ level: 'info', message: 'listening' })}\n${JSON.stringify({ level: 'error', message: 'database locked' })}\nplain crash text\n`);
    await vi.waitFor(() => expect(logger.entries).toHaveLength(2), { timeout: 10_000 });
    expect(logger.entries.map((entry) => [entry.level, entry.message])).toEqual([
      ['error', 'Local service: database locked'],
      ['warn', 'Local service: plain crash text'],
    ]);
  });

  it('mints a token with the data folder\'s signing key, and hands it to the log\'s redaction', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-local-'));
    const onToken = vi.fn();
    const launcher = utilityServiceLauncher({ fork: () => new FakeChild(), entryPath: '', dataDir, clock: manualClock(), logger: recordingLogger(), onToken });
    const token = await launcher.issueToken(3600);
    await expect(verifyToken(loadOrCreateSigningKey(dataDir), token)).resolves.toMatchObject({ subject: 'local-user' });
    expect(onToken).toHaveBeenCalledWith(token);
  });

  it('gives the service its SMTP password through the environment only, and never an inherited one', async () => {
    vi.stubEnv('VIGIL_SMTP_PASSWORD', 'left-over-from-the-shell');
    try {
      const { launcher, children } = setUp();
      void launcher.start({ smtpPassword: 'from-the-keychain' }).catch(() => {});
      void launcher.start().catch(() => {});
      const [withPassword, without] = children;
      expect(withPassword?.options.env.VIGIL_SMTP_PASSWORD).toBe('from-the-keychain');
      expect(withPassword?.options.env.PATH).toBe(process.env.PATH);
      expect(JSON.stringify([withPassword?.args, withPassword?.options.execArgv])).not.toContain('from-the-keychain');
      expect(without?.options.env).not.toHaveProperty('VIGIL_SMTP_PASSWORD');
      expect(launcher.dataDir).toBe('/data/Vigil/service');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('sends the test email in this process, through the data folder\'s SMTP server, with the password it is given', async () => {
    const receiver = await startSmtpReceiver({ credentials: { user: 'alerts', password: 'pa55-secret' } });
    try {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-local-'));
      const smtp = { host: '127.0.0.1', port: receiver.port, security: 'none', user: 'alerts', from: 'vigil@example.com' };
      writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ smtp }));
      const launcher = utilityServiceLauncher({ fork: () => new FakeChild(), entryPath: '', dataDir, clock: manualClock(), logger: recordingLogger() });
      const sent = await launcher.sendTestEmail('ops@example.com', { smtpPassword: 'pa55-secret' });
      expect(sent).toEqual({ ok: true, message: expect.stringMatching(/^127\.0\.0\.1:\d+ accepted the test email to ops@example\.com: 250 /) });
      expect((await receiver.waitFor(1))[0]).toMatchObject({ user: 'alerts', subject: '[Vigil] Test email' });
      const refused = await launcher.sendTestEmail('ops@example.com', { smtpPassword: 'wrong' });
      expect(refused).toEqual({ ok: false, message: expect.stringMatching(/: Invalid login: 535 /) });
    } finally {
      await receiver.close();
    }
  });

  it('says in one sentence why no token could be minted', async () => {
    const { launcher } = setUp({ mintToken: async () => Promise.reject(new Error('EACCES: permission denied, open signing-key')) });
    await expect(launcher.issueToken(60)).rejects.toThrow('Could not get a token for the local monitoring service: EACCES: permission denied, open signing-key.');
  });
});

describe('the local service process', () => {
  class FakePort extends FakeEmitter implements ParentPortLike {
    readonly posted: ServiceToMain[] = [];
    postMessage(message: ServiceToMain): void {
      this.posted.push(message);
    }
  }

  function run(start: (dataDir: string) => Promise<StartedService>, argv = ['electron', '--data-dir=/data/service']) {
    const parentPort = new FakePort();
    const exit = vi.fn<(code: number) => void>();
    const done = runServiceProcess({ parentPort, argv, start, exit, logger: recordingLogger() });
    return { parentPort, exit, done };
  }

  it('starts the service in the data folder and tells main its address; stops cleanly when asked', async () => {
    const close = vi.fn(async () => {});
    const start = vi.fn(async () => ({ apiUrl: 'http://127.0.0.1:40000/api', close }));
    const { parentPort, exit, done } = run(start);
    await done;
    expect(start).toHaveBeenCalledWith('/data/service');
    expect(parentPort.posted).toEqual([{ type: 'ready', apiUrl: 'http://127.0.0.1:40000/api' }]);
    parentPort.emit('message', { data: { type: 'stop' } });
    parentPort.emit('message', { data: { type: 'stop' } });
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0), { timeout: 10_000 });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('reports a start failure in one sentence and exits', async () => {
    const { parentPort, exit, done } = run(async () => Promise.reject(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })));
    await done;
    expect(parentPort.posted).toEqual([{ type: 'failed', message: 'The local monitoring service could not listen: its port is already in use.' }]);
    expect(exit).toHaveBeenCalledWith(1);
    expect(startFailure(new Error('database is malformed.\n  at x'))).toBe('The local monitoring service could not start: database is malformed.');
  });

  it('refuses to start without a data folder', async () => {
    const start = vi.fn();
    const { parentPort, exit, done } = run(start, ['electron']);
    await done;
    expect(start).not.toHaveBeenCalled();
    expect(parentPort.posted[0]?.type).toBe('failed');
    expect(exit).toHaveBeenCalledWith(2);
  });

  it('runs the real service on a free loopback port, which accepts a token from the launcher', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-local-'));
    const service = await startLocalService(dataDir, recordingLogger());
    try {
      expect(service.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const launcher = utilityServiceLauncher({ fork: () => new FakeChild(), entryPath: '', dataDir, clock: manualClock(), logger: recordingLogger() });
      const token = await launcher.issueToken(600);
      const authorised = await fetch(`${service.apiUrl}/monitors`, { headers: { authorization: `Bearer ${token}` } });
      expect(authorised.status).toBe(200);
      const refused = await fetch(`${service.apiUrl}/monitors`);
      expect(refused.status).toBe(401);
    } finally {
      await service.close();
    }
  });
});
