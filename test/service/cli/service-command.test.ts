// `vigil service` and `vigil token` as real processes: the printed URL, clean shutdown, kill -9 durability.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { holdPort } from '../../helpers/local-targets.ts';
import { createOnService, runVigil, startServiceProcess } from '../../helpers/service-process.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const freshDataDir = tempFolders('vigil-cli-');

async function token(dataDir: string, ...args: string[]): Promise<string> {
  const { code, stdout, stderr } = await runVigil(['token', '--data-dir', dataDir, ...args]).exited;
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return stdout.trim();
}

describe('vigil service', () => {
  it('prints its base URL with the /api prefix as one stdout line, serves, and exits 0 on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dataDir = freshDataDir();
      const service = await startServiceProcess(dataDir);
      expect(service.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const response = await fetch(`${service.apiUrl}/monitors`, { headers: { authorization: `Bearer ${await token(dataDir)}` } });
      expect(response.status).toBe(200);
      service.child.kill(signal);
      expect(await service.exited).toBe(0);
    }
  });

  it('creates its signing key readable only by the user', async () => {
    const dataDir = freshDataDir();
    await token(dataDir);
    expect(statSync(path.join(dataDir, 'signing-key')).mode & 0o777).toBe(0o600);
  });

  it('keeps a create that returned 201 across kill -9', async () => {
    const dataDir = freshDataDir();
    const signedIn = await token(dataDir);
    const first = await startServiceProcess(dataDir);
    const created = await createOnService(first, signedIn, 'monitors', { name: 'survivor', type: 'tcp', url: '127.0.0.1:9', frequency: 60 });
    expect(created.status).toBe(201);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await startServiceProcess(dataDir);
    const { id } = (await created.json()) as { id: string };
    const read = await fetch(`${second.apiUrl}/monitors/${id}`, { headers: { authorization: `Bearer ${signedIn}` } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, name: 'survivor' });
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('says in one line when the port is taken', async () => {
    const dataDir = freshDataDir();
    const first = await startServiceProcess(dataDir);
    const port = new URL(first.apiUrl).port;
    const { code, stdout, stderr } = await runVigil(['service', '--port', port, '--data-dir', freshDataDir()]).exited;
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([`Port ${port} on 127.0.0.1 is already in use; choose another with --port (0 picks a free one).`]);
    first.child.kill('SIGTERM');
    await first.exited;
  });

  it('without --port listens on its usual port (config.json), and on a free one while another program holds it', async () => {
    const dataDir = freshDataDir();
    const probe = await holdPort();
    const usual = probe.port;
    await probe.release();
    writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ port: usual }));

    const first = await startServiceProcess(dataDir, [], 'usual');
    expect(first.apiUrl).toBe(`http://127.0.0.1:${usual}/api`);
    first.child.kill('SIGTERM');
    await first.exited;

    const blocker = await holdPort(usual);
    const second = await startServiceProcess(dataDir, [], 'usual');
    expect(second.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(second.apiUrl).not.toBe(first.apiUrl);
    await vi.waitFor(() => expect(second.stderr()).toContain(`Port ${usual} on 127.0.0.1 is taken by another program, so the service listens on a free port instead`), { timeout: 10_000 });
    second.child.kill('SIGTERM');
    await second.exited;
    await blocker.release();
  });

  it('runs with email off, and says why, when the SMTP settings name a user but no password is given', async () => {
    const dataDir = freshDataDir();
    const smtp = { host: '127.0.0.1', port: 2525, security: 'none', user: 'alerts', from: 'vigil@example.com' };
    writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ smtp }));
    const service = await startServiceProcess(dataDir);
    expect(service.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    // stderr and stdout are separate pipes: the log line may arrive after the URL.
    await vi.waitFor(() => expect(service.stderr()).toContain('Email handlers are off: the SMTP settings name a user but no password was given (VIGIL_SMTP_PASSWORD or smtp.password).'), { timeout: 10_000 });
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });

  it.each([
    [['service', '--port', 'eighty'], /--port must be a number/],
    [['service', '--bogus'], /unknown option "--bogus"/],
    [['nonsense'], /Unknown command "nonsense"/],
  ])('refuses %j with a clear line and no stack', async (args, message) => {
    const { code, stderr } = await runVigil(args).exited;
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the default data folder', () => {
  it('is the app\'s: `service` in VIGIL_CONFIG_DIR, unless VIGIL_DATA_DIR names another', async () => {
    const configDir = freshDataDir();
    const env = { VIGIL_CONFIG_DIR: configDir, VIGIL_DATA_DIR: '' };
    expect((await runVigil(['token'], { env }).exited).code).toBe(0);
    expect(statSync(path.join(configDir, 'service', 'signing-key')).mode & 0o777).toBe(0o600);

    const dataDir = freshDataDir();
    expect((await runVigil(['token'], { env: { ...env, VIGIL_DATA_DIR: dataDir } }).exited).code).toBe(0);
    expect(statSync(path.join(dataDir, 'signing-key')).isFile()).toBe(true);
  });

  it('says where the data of the former Linux default is, rather than starting afresh without a word', async () => {
    const configDir = freshDataDir();
    const dataHome = freshDataDir();
    const former = path.join(dataHome, 'vigil', 'service');
    mkdirSync(former, { recursive: true });
    writeFileSync(path.join(former, 'vigil.sqlite'), '');
    const { code, stderr } = await runVigil(['token'], { env: { VIGIL_CONFIG_DIR: configDir, VIGIL_DATA_DIR: '', XDG_DATA_HOME: dataHome } }).exited;
    expect(code).toBe(0);
    expect(stderr).toBe(
      `vigil: earlier versions of the command line kept the service's data in ${former}; it now shares the app's folder ${path.join(configDir, 'service')}. ` +
        `Pass --data-dir ${former} to go on with the earlier data, or move its files there.\n`,
    );
  });
});

describe('vigil token', () => {
  it('prints only a JWT, valid for that data dir, with the asked lifetime', async () => {
    const dataDir = freshDataDir();
    const jwt = await token(dataDir, '--expires-in', '2h');
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(7200);
  });

  it('refuses a bad lifetime, and one over 90 days', async () => {
    const { code, stdout, stderr } = await runVigil(['token', '--data-dir', freshDataDir(), '--expires-in', 'forever']).exited;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/--expires-in: "forever" is not a token lifetime/);
    const long = await runVigil(['token', '--data-dir', freshDataDir(), '--expires-in', '91d']).exited;
    expect(long.code).toBe(2);
    expect(long.stderr.trim()).toBe('--expires-in: "91d" is not a token lifetime between 1 minute and 90 days (examples: 30d, 12h, 90m)');
    expect((await runVigil(['token', '--data-dir', freshDataDir(), '--expires-in', '90d']).exited).code).toBe(0);
  });

  it('--revoke-all makes every earlier token invalid at once in the running service; a new one works', async () => {
    const dataDir = freshDataDir();
    const service = await startServiceProcess(dataDir);
    const [early, other] = [await token(dataDir), await token(dataDir)];
    const monitors = (bearer: string) => fetch(`${service.apiUrl}/monitors`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await monitors(early)).status).toBe(200);

    const revoked = await runVigil(['token', '--revoke-all', '--data-dir', dataDir]).exited;
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toBe('');
    expect(revoked.stderr).toContain('Every token issued until now for the service in');
    // The service follows its data folder: the refusal comes as soon as it has seen the file change.
    await vi.waitFor(async () => expect((await monitors(early)).status).toBe(401), { timeout: 10_000 });
    expect((await monitors(other)).status).toBe(401);
    const refusal = (await (await monitors(early)).json()) as { error: { message: string } };
    expect(refusal.error.message).toBe('The token is not valid for this service: it is expired, revoked, altered, or signed by another key.');
    expect((await monitors(await token(dataDir))).status).toBe(200);
    expect(statSync(path.join(dataDir, 'tokens-valid-from')).mode & 0o777).toBe(0o600);

    // A service started later reads the revocation at start.
    service.child.kill('SIGTERM');
    await service.exited;
    const again = await startServiceProcess(dataDir);
    expect((await fetch(`${again.apiUrl}/monitors`, { headers: { authorization: `Bearer ${early}` } })).status).toBe(401);
    again.child.kill('SIGTERM');
    await again.exited;
  });
});
