// `vigil maintenance` over every saved server at once, as real processes: a `vigil service` process and a
// spec-only server, both signed in with `vigil login` (tokens in a private Secret Service). The service does it;
// the spec-only server is one polite line on stderr, and the command goes on with the other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHistoryServer, type HistoryServer } from '../helpers/history-server.ts';
import { secretServiceMissingReason, startSecretService, type SecretServiceSession } from '../helpers/secret-service.ts';
import { runVigil, startServiceProcess, tokenFor, type ServiceProcess } from '../helpers/service-process.ts';

const missing = secretServiceMissingReason();
if (missing) console.log(`Skipping the every-server maintenance tests: ${missing}.`);

let keyring: SecretServiceSession;
let work: ServiceProcess;
let legacy: HistoryServer;
let dataDir: string;
let configDir: string;
let env: NodeJS.ProcessEnv;

const vigil = (args: string[], input?: string) => runVigil(args, { env, input }).exited;
const clock = String.raw`(\d{1,2} \w{3,4}, )?\d{2}:\d{2}`;
const noMaintenance = "Legacy keeps no maintenance windows (it does not offer the maintenance extension); start maintenance from Vigil's window, which applies it to its own notifications.\n";

beforeAll(async () => {
  if (missing) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-maintenance-every-'));
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-maintenance-every-config-'));
  [keyring, work, legacy] = await Promise.all([
    startSecretService(),
    startServiceProcess(dataDir),
    startHistoryServer({ monitors: [{ id: 'm1', name: 'Old API', type: 'http', url: 'https://legacy.example/', frequency: 60, last_status: 'up' }] }),
  ]);
  // British English: the times' 24-hour clock is the same on every machine.
  env = { ...keyring.env, VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: '', LANG: 'en_GB.UTF-8', LC_ALL: '', LC_TIME: '' };
  for (const [apiUrl, name, token] of [[work.apiUrl, 'Work', await tokenFor(dataDir)], [legacy.apiUrl, 'Legacy', 'a.b.c']] as const) {
    const login = await vigil(['login', '--base-url', apiUrl, '--name', name], `${token}\n`);
    expect(login.code, login.stderr).toBe(0);
  }
}, 60_000);

afterAll(async () => {
  if (missing) return;
  work.child.kill('SIGTERM');
  await Promise.all([work.exited, legacy.close(), keyring.stop()]);
  for (const dir of [dataDir, configDir]) rmSync(dir, { recursive: true, force: true });
});

// Started, listed, then narrowed, in this order: each step finds the windows the one before left (declared rather
// than assumed: a shuffled run keeps it).
describe.skipIf(missing)('vigil maintenance over every saved server', { shuffle: false }, () => {
  it('starts on the server that keeps windows, explains the spec-only one on stderr, and exits 3', async () => {
    const result = await vigil(['maintenance', 'start', '--for', '30m']);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(new RegExp(String.raw`^Work: maintenance on everything until ${clock} \(30 min\)\n$`));
    expect(result.stderr).toBe(noMaintenance);
    expect(legacy.requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it('lists every server\'s windows, each with its server and connection id in JSON', async () => {
    const text = await vigil(['maintenance', 'list']);
    expect(text).toMatchObject({ code: 3, stderr: noMaintenance });
    expect(text.stdout).toMatch(new RegExp(String.raw`^Work {2}everything {2}active {2}from ${clock} until ${clock}\n$`));
    const json = await vigil(['maintenance', 'list', '--json']);
    const [window, ...others] = JSON.parse(json.stdout) as { server: string; server_id: unknown; item: unknown }[];
    expect(others).toEqual([]);
    expect(window).toMatchObject({ server: 'Work', server_id: expect.stringMatching(/.+/), item: null });
  });

  it('finds an item on the spec-only server and explains there, starting nothing', async () => {
    expect(await vigil(['maintenance', 'start', '--for', '1h', '--item', 'old api'])).toMatchObject({ code: 3, stdout: '', stderr: noMaintenance });
  });

  it('narrows to one server with --server: exit 0 when it did everything asked', async () => {
    const ended = await vigil(['maintenance', 'end', '--server', 'work']);
    expect(ended).toMatchObject({ code: 0, stderr: '' });
    expect(ended.stdout).toMatch(new RegExp(String.raw`^Work: ended maintenance on everything \(in maintenance since ${clock}\)\n$`));
    expect(await vigil(['maintenance', 'list', '--server', 'Work'])).toMatchObject({ code: 0, stderr: '', stdout: 'No maintenance on Work.\n' });
  });
});
