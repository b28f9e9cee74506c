// `vigil status | watch | login | logout` as real processes, against the real service and the real keychain.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretServiceMissingReason, startSecretService, type SecretServiceSession } from '../helpers/secret-service.ts';
import { startTestService, type TestService } from '../helpers/service-harness.ts';
import { runVigil, vigilEntry } from '../helpers/service-process.ts';

const missing = secretServiceMissingReason();
if (missing) console.log(`Skipping CLI keychain tests: ${missing}.`);

let service: TestService;
let keyring: SecretServiceSession;
let configDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  service = await startTestService({ failuresToConfirmDown: 1 });
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-config-'));
  keyring = await startSecretService();
  env = { ...keyring.env, VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: '' };
});
afterAll(async () => {
  await service.stop();
  await keyring.stop();
  rmSync(configDir, { recursive: true, force: true });
});

const vigil = (args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  runVigil(args, { env: { ...env, ...options.env }, input: options.input }).exited;

// One service's life, in this order: empty, then a monitor down, then signed in and out, then watched; what each
// test finds is what the ones before left (declared rather than assumed: a shuffled run keeps it).
describe.skipIf(missing)('the client commands against one service', { shuffle: false }, () => {
  describe.skipIf(missing)('vigil status', () => {
    it('exits 0 with an empty service, and prints one JSON object with --json', async () => {
      const result = await vigil(['status', '--base-url', service.apiUrl, '--json'], { env: { VIGIL_TOKEN: service.token } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ level: 'ok', monitors: [], heartbeats: [], domains: [] });
    });

    it('exits 2 with a monitor down, worst first, its notes in the JSON', async () => {
      await service.api('/monitors', { method: 'POST', body: { name: 'Healthy?', type: 'tcp', url: '127.0.0.1:9', frequency: 60, notes: 'Nothing listens on 9: it stays down.' } });
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !((await service.api('/monitors')).json as { last_status: string }[]).some((m) => m.last_status === 'down')) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const text = await vigil(['status', '--base-url', service.apiUrl], { env: { VIGIL_TOKEN: service.token } });
      expect(text.code).toBe(2);
      expect(text.stdout).toMatch(/^CRITICAL {2}monitor {4}Healthy\? +Down/);
      expect(text.stdout).toMatch(/CRITICAL — 1 of 1 items need attention\./);
      const json = await vigil(['status', '--base-url', service.apiUrl, '--json'], { env: { VIGIL_TOKEN: service.token } });
      expect(JSON.parse(json.stdout)).toMatchObject({ monitors: [{ name: 'Healthy?', notes: 'Nothing listens on 9: it stays down.' }] });
    });

    it('exits 3 with one line when the server cannot be reached', async () => {
      const result = await vigil(['status', '--base-url', 'http://127.0.0.1:9/api'], { env: { VIGIL_TOKEN: service.token } });
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^Cannot tell the status of 127\.0\.0\.1:9: /);
    });

    it('exits 3 within the timeout when the server stalls', async () => {
      const stalled: Server = createServer(() => {});
      await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
      const port = (stalled.address() as { port: number }).port;
      const started = Date.now();
      const result = await vigil(['status', '--base-url', `http://127.0.0.1:${port}/api`, '--timeout', '2'], { env: { VIGIL_TOKEN: service.token } });
      stalled.close();
      expect(result.code).toBe(3);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result.stderr).toMatch(/Cannot tell the status/);
    });

    it('exits 3 when the token is rejected, without echoing it', async () => {
      const result = await vigil(['status', '--base-url', service.apiUrl], { env: { VIGIL_TOKEN: 'a.b.c' } });
      expect(result.code).toBe(3);
      expect(result.stderr).not.toContain('a.b.c');
    });
  });

  describe.skipIf(missing)('vigil login, status and logout with the OS keychain', () => {
    it('refuses a token the server rejects, saving nothing', async () => {
      const result = await vigil(['login', '--base-url', service.apiUrl], { input: 'x.y.z\n' });
      expect(result.code).toBe(3);
      expect(result.stderr).toMatch(/Not signed in to .*: the server rejected this token\. Nothing was saved\./);
      expect(readdirSync(configDir)).not.toContain('settings.json');
    });

    it('reads the token from stdin into the keychain; status then needs no token; logout removes it', async () => {
      const login = await vigil(['login', '--base-url', service.apiUrl, '--name', 'Local test'], { input: `${service.token}\n` });
      expect(login.stderr).toBe('');
      expect(login.code).toBe(0);
      expect(login.stdout).toMatch(/^Signed in to Local test \(http:\/\/127\.0\.0\.1:\d+\/api\); the token is in the /);
      for (const file of readdirSync(configDir)) expect(readFileSync(path.join(configDir, file), 'utf8')).not.toContain(service.token);

      const status = await vigil(['status', '--json']);
      expect(status.code).toBe(2);
      expect(JSON.parse(status.stdout)).toMatchObject({ connection: { name: 'Local test' }, level: 'critical' });

      // A token exported for some other server is not sent to the saved connection: the keychain's is used.
      const withStrayToken = await vigil(['status', '--json'], { env: { VIGIL_TOKEN: 'other.server.token' } });
      expect(withStrayToken.code).toBe(2);

      const logout = await vigil(['logout']);
      expect(logout).toMatchObject({ code: 0, stdout: 'Signed out of Local test: its token was removed from the Secret Service.\n' });
      const after = await vigil(['status']);
      expect(after.code).toBe(3);
      expect(after.stderr).toMatch(/^No token for Local test: sign in with/);
    });
  });

  describe.skipIf(missing)('vigil watch', () => {
    it('prints a JSON line for what is already wrong at start (and the soon-expiring test token), then stops on SIGINT', async () => {
      const child = spawn(process.execPath, [vigilEntry, 'watch', '--base-url', service.apiUrl, '--json', '--interval', '10'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, ...env, VIGIL_TOKEN: service.token },
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const deadline = Date.now() + 15_000;
      while (stdout.split('\n').length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { kind: string; severity: string; title: string });
      expect(lines.map((l) => l.kind).sort()).toEqual(['monitor-down', 'token-expiring']);
      expect(lines.find((l) => l.kind === 'monitor-down')).toMatchObject({ severity: 'critical', title: expect.stringMatching(/Healthy\?/) });
    });
  });

  describe.skipIf(missing)('vigil status: a domain whose lookups fail', () => {
    it('says why the expiry is not known', async () => {
      // Its own service: the harness's registry list is on a port where nothing answers, so every lookup fails.
      const lookups = await startTestService();
      try {
        const { json } = await lookups.api('/domains', { method: 'POST', body: { domain: 'unknown-expiry.example' } });
        const id = (json as { id: string }).id;
        for (let tries = 0; tries < 100 && (await lookups.api(`/domains/${id}`)).text.includes('last_error') === false; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
        const text = await vigil(['status', '--base-url', lookups.apiUrl], { env: { VIGIL_TOKEN: lookups.token } });
        expect(text.stdout).toMatch(/^UNKNOWN {3}domain {5}unknown-expiry\.example {2}Expiry not known — could not load the list of registries: could not reach 127\.0\.0\.1:9 \(.+\)$/m);
      } finally {
        await lookups.stop();
      }
    });
  });
});
