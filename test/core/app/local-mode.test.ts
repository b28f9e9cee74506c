// Local mode's rules with a launcher the test controls and a clock it moves: the connection and token it sets up,
// restarts with backoff (1 s doubling to 30 s, short again after a stable run), renewal ahead of expiry, stop.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMode, wantsLocalMode } from '../../../main/core/app/local-mode.ts';
import type { LocalServiceLauncher, LocalServiceSecrets, RunningLocalService } from '../../../main/core/app/local-service-launcher.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { settingsSchema } from '../../../main/core/settings/settings-schema.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';

const DAY = 86_400_000;

/** An unsigned JWT-shaped token with the given `exp` (epoch ms): local mode only reads the expiry. */
function tokenExpiringAt(ms: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(ms / 1000), n: Math.random() })}.sig`;
}

interface FakeService extends RunningLocalService {
  die(code: number | string): void;
  stopped: boolean;
}

function fakeLauncher(clock: ManualClock, dataDir: string) {
  const services: FakeService[] = [];
  let failNext = 0;
  let port = 40_000;
  const launcher: LocalServiceLauncher & { services: FakeService[]; secrets: LocalServiceSecrets[]; failStarts(count: number): void; tokens: number } = {
    dataDir,
    services,
    secrets: [],
    tokens: 0,
    failStarts: (count) => (failNext = count),
    async start(secrets = {}) {
      launcher.secrets.push(secrets);
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('The local monitoring service stopped before it was ready (exit 1): the disk is full.');
      }
      let die: (code: number | string) => void = () => undefined;
      const exited = new Promise<number | string>((resolve) => (die = resolve));
      const service: FakeService = {
        apiUrl: `http://127.0.0.1:${port++}/api`,
        exited,
        die: (code) => die(code),
        stopped: false,
        stop: async () => {
          service.stopped = true;
          die(0);
        },
      };
      services.push(service);
      return service;
    },
    async issueToken(seconds) {
      launcher.tokens += 1;
      return tokenExpiringAt(clock.now() + seconds * 1000);
    },
    sendTestEmail: async () => ({ ok: false, message: 'not in these tests' }),
  };
  return launcher;
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

let dir: string;
let clock: ManualClock;
let logger: RecordingLogger;
let settings: FileSettingsStore;
let secrets: MemorySecretStore;
let launcher: ReturnType<typeof fakeLauncher>;
let problems: (string | undefined)[];
let usualAddresses: (string | undefined)[];
let secretsTold: string[];
let mode: LocalMode;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-local-mode-'));
  clock = manualClock();
  logger = recordingLogger();
  settings = new FileSettingsStore({ directory: dir, logger });
  secrets = new MemorySecretStore();
  launcher = fakeLauncher(clock, path.join(dir, 'service'));
  usualAddresses = [];
  problems = [];
  secretsTold = [];
  mode = new LocalMode({
    launcher,
    settings,
    secrets,
    clock,
    logger,
    onToken: () => undefined,
    onSecret: (secret) => secretsTold.push(secret),
    onProblem: (p) => problems.push(p),
    onUsualAddress: (usual) => usualAddresses.push(usual),
  });
});
afterEach(async () => {
  await mode.stop();
  rmSync(dir, { recursive: true, force: true });
});

const localBaseUrl = () => settings.read().connections.find((c) => c.id === 'local')?.baseUrl;

describe('local mode', () => {
  it('remembers the first start\'s port in config.json, and says the usual address while the service runs elsewhere', async () => {
    await mode.start();
    expect(JSON.parse(readFileSync(path.join(launcher.dataDir, 'config.json'), 'utf8'))).toEqual({ port: 40_000 });
    expect(usualAddresses).toEqual([undefined]);
    // The fake takes the next port on every start, as a service whose usual port another program holds.
    await mode.restart();
    expect(localBaseUrl()).toBe('http://127.0.0.1:40001/api');
    expect(usualAddresses.at(-1)).toBe('http://127.0.0.1:40000/api');
    expect(JSON.parse(readFileSync(path.join(launcher.dataDir, 'config.json'), 'utf8'))).toEqual({ port: 40_000 });
  });

  it('still sets up the connection when the port cannot be remembered, and says why in the log', async () => {
    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const failing = fakeLauncher(clock, path.join(blocked, 'service'));
    const other = new LocalMode({ launcher: failing, settings, secrets, clock, logger, onToken: () => undefined, onSecret: () => undefined, onProblem: (p) => problems.push(p), onUsualAddress: () => undefined });
    await other.start();
    expect(problems.at(-1)).toBeUndefined();
    expect(localBaseUrl()).toBe(failing.services[0]?.apiUrl);
    expect(logger.entries.some((entry) => entry.level === 'warn' && entry.message.startsWith('Vigil could not remember the local monitoring service\'s port'))).toBe(true);
    await other.stop();
  });

  it('runs on a first start, or when a local connection exists; not when only remote servers are saved', () => {
    const remote = { id: 'r1', name: 'Prod', baseUrl: 'https://vigil.example/api', kind: 'remote' };
    const local = { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:1/api', kind: 'local' };
    expect(wantsLocalMode(settingsSchema.parse({}))).toBe(true);
    expect(wantsLocalMode(settingsSchema.parse({ connections: [remote] }))).toBe(false);
    expect(wantsLocalMode(settingsSchema.parse({ connections: [remote, local] }))).toBe(true);
  });

  it('saves the local connection, enabled, with a 30-day token in the secret store', async () => {
    await mode.start();
    expect(settings.read().connections).toEqual([{ id: 'local', name: 'This computer', baseUrl: launcher.services[0]?.apiUrl, kind: 'local', sourceKind: 'vigil', enabled: true }]);
    const token = (await secrets.get('local')) ?? '';
    const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp * 1000;
    expect(exp).toBe(Math.floor((clock.now() + 30 * DAY) / 1000) * 1000);
    expect(problems).toEqual([undefined]);
  });

  it('adds itself after the other connections, keeps a local connection turned off as it is, and keeps a token with more than 7 days left', async () => {
    const remote = { id: 'r1', name: 'Prod', baseUrl: 'https://vigil.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true } as const;
    settings.update((s) => ({ ...s, connections: [remote, { id: 'local', name: 'Here', baseUrl: 'http://127.0.0.1:1/api', kind: 'local', sourceKind: 'vigil', enabled: false }] }));
    const kept = tokenExpiringAt(clock.now() + 8 * DAY);
    await secrets.set('local', kept);
    await mode.start();
    expect(settings.read().connections).toEqual([remote, { id: 'local', name: 'Here', baseUrl: launcher.services[0]?.apiUrl, kind: 'local', sourceKind: 'vigil', enabled: false }]);
    expect(await secrets.get('local')).toBe(kept);
    expect(launcher.tokens).toBe(0);
  });

  it('renews a token with less than 7 days left, at start and after a poll', async () => {
    await secrets.set('local', tokenExpiringAt(clock.now() + 6 * DAY));
    await mode.start();
    expect(launcher.tokens).toBe(1);
    mode.renewIfDue(await secrets.get('local'));
    await flush();
    expect(launcher.tokens).toBe(1);
    clock.advance(24 * DAY);
    mode.renewIfDue(await secrets.get('local'));
    await flush();
    expect(launcher.tokens).toBe(2);
  });

  it('restarts a service that died after 1 s, then 2, 4, … up to 30 s; a stable run starts again from 1 s', async () => {
    await mode.start();
    const delays: number[] = [];
    for (let crash = 0; crash < 7; crash++) {
      const started = launcher.services.length;
      launcher.services.at(-1)?.die(1);
      await flush();
      const before = clock.now();
      while (launcher.services.length === started) {
        clock.advance(250);
        await flush();
      }
      delays.push(clock.now() - before);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(localBaseUrl()).toBe(launcher.services.at(-1)?.apiUrl);
    expect(logger.entries.filter((e) => e.level === 'warn').map((e) => e.message)[0]).toBe(
      'The local monitoring service stopped unexpectedly (exit 1); starting it again in 1 s.',
    );
    expect(problems.at(-1)).toBeUndefined();

    clock.advance(60_000);
    launcher.services.at(-1)?.die('SIGKILL');
    await flush();
    expect(problems.at(-1)).toBe('The local monitoring service stopped unexpectedly (exit SIGKILL); Vigil is starting it again.');
    clock.advance(1000);
    await flush();
    expect(launcher.services).toHaveLength(9);
  });

  it('retries a service that cannot start, saying why meanwhile', async () => {
    launcher.failStarts(2);
    await mode.start();
    expect(launcher.services).toHaveLength(0);
    expect(problems).toEqual(['The local monitoring service stopped before it was ready (exit 1): the disk is full; Vigil is starting it again.']);
    clock.advance(1000);
    await flush();
    clock.advance(2000);
    await flush();
    expect(launcher.services).toHaveLength(1);
    expect(localBaseUrl()).toBe(launcher.services[0]?.apiUrl);
    expect(problems.at(-1)).toBeUndefined();
  });

  it('stops the service on stop(), and never restarts it afterwards', async () => {
    await mode.start();
    const service = launcher.services[0];
    await mode.stop();
    expect(service?.stopped).toBe(true);
    clock.advance(60_000);
    await flush();
    expect(launcher.services).toHaveLength(1);
  });

  it('cancels a pending restart on stop()', async () => {
    await mode.start();
    launcher.services[0]?.die(1);
    await flush();
    await mode.stop();
    clock.advance(60_000);
    await flush();
    expect(launcher.services).toHaveLength(1);
  });

  it('restarts on request at once, with the SMTP password from the secret store, and points the connection at the new address', async () => {
    await mode.start();
    expect(launcher.secrets).toEqual([{ smtpPassword: undefined }]);
    const smtp = { host: '127.0.0.1', port: 2525, security: 'none', user: 'alerts', from: 'vigil@example.com' };
    writeFileSync(path.join(launcher.dataDir, 'config.json'), JSON.stringify({ smtp }));
    await secrets.set('smtp:local', JSON.stringify({ password: 'mail-secret', savedFor: { host: '127.0.0.1', port: 2525, security: 'none', user: 'alerts' } }));
    const first = launcher.services[0];
    await mode.restart();
    expect(first?.stopped).toBe(true);
    expect(launcher.services).toHaveLength(2);
    expect(launcher.secrets.at(-1)).toEqual({ smtpPassword: 'mail-secret' });
    // So the app's log, where the service's own lines go, can redact it.
    expect(secretsTold).toEqual(['mail-secret']);
    expect(localBaseUrl()).toBe(launcher.services[1]?.apiUrl);
    expect(problems.filter((problem) => problem !== undefined)).toEqual([]);
    expect(logger.text()).not.toContain('mail-secret');
    // Its exit was asked for: no crash, no extra start later.
    clock.advance(60_000);
    await flush();
    expect(launcher.services).toHaveLength(2);
  });

  it('starts the service without the SMTP password when config.json names another server than the one it was saved for', async () => {
    const smtp = { host: 'mail.example.org', port: 465, security: 'tls', user: 'alerts', from: 'vigil@example.com' };
    mkdirSync(launcher.dataDir, { recursive: true });
    writeFileSync(path.join(launcher.dataDir, 'config.json'), JSON.stringify({ smtp }));
    await secrets.set('smtp:local', JSON.stringify({ password: 'mail-secret', savedFor: { host: 'mail.example.com', port: 465, security: 'tls', user: 'alerts' } }));
    await mode.start();
    expect(launcher.secrets).toEqual([{ smtpPassword: undefined }]);
  });

  it('runs restarts one after another, and a restart during the backoff starts the service once, at once', async () => {
    await mode.start();
    await Promise.all([mode.restart(), mode.restart()]);
    expect(launcher.services).toHaveLength(3);
    expect(launcher.services.slice(0, 2).every((service) => service.stopped)).toBe(true);

    launcher.services.at(-1)?.die(1);
    await flush();
    await mode.restart();
    expect(launcher.services).toHaveLength(4);
    clock.advance(60_000);
    await flush();
    expect(launcher.services).toHaveLength(4);
  });

  it('starts the service without the SMTP password when the keychain cannot be read, and says so', async () => {
    secrets.get = async () => Promise.reject(new Error('The OS keychain is locked.'));
    await mode.start();
    expect(launcher.services).toHaveLength(1);
    expect(launcher.secrets).toEqual([{}]);
    expect(logger.text()).toContain('The SMTP password for the local service could not be read: the OS keychain is locked.');
  });
});
