// `vigil ack` ("I'm on it") as real processes against the real service: it saves the acknowledgement in the settings
// for a saved server, refuses what is not a problem, `vigil status` says it, `--clear` takes it back, and `vigil watch`
// honours it — nothing while it stays down, its recovery told, then a new outage told again — without writing the
// settings (the app ends it there).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTarget, type HttpTarget } from '../helpers/local-targets.ts';
import { startTestService, type TestService } from '../helpers/service-harness.ts';
import { runVigil, vigilEntry } from '../helpers/service-process.ts';

let service: TestService;
let target: HttpTarget;
let configDir: string;
let siteKey: string;

const settingsFile = () => path.join(configDir, 'settings.json');
const savedAcknowledgements = () => (JSON.parse(readFileSync(settingsFile(), 'utf8')) as { acknowledgements?: { key: string; at: number }[] }).acknowledgements ?? [];
/** British English: a 24-hour clock on every machine. */
const env = () => ({ VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: service.token, LANG: 'en_GB.UTF-8', LC_ALL: '', LC_TIME: '', TZ: 'UTC' });
const vigil = (args: string[]) => runVigil([...args, '--base-url', service.apiUrl], { env: env() }).exited;

async function monitorStatus(id: string): Promise<string> {
  return ((await service.api(`/monitors/${id}`)).json as { last_status: string }).last_status;
}

/** Waits for the service to record the monitor in this state (it checks every 10 s). */
async function until(id: string, status: string): Promise<void> {
  const deadline = Date.now() + 40_000;
  while ((await monitorStatus(id)) !== status) {
    if (Date.now() > deadline) throw new Error(`The monitor never became ${status}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let siteId: string;

beforeAll(async () => {
  service = await startTestService({ failuresToConfirmDown: 1 });
  target = await startHttpTarget();
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-ack-'));
  // A saved connection (its token is VIGIL_TOKEN, since --base-url names its address).
  writeFileSync(settingsFile(), JSON.stringify({ version: 3, connections: [{ id: 'work', name: 'Work', baseUrl: service.apiUrl, kind: 'remote', enabled: true }] }));
  siteId = ((await service.api('/monitors', { method: 'POST', body: { name: 'Site', type: 'http', url: target.url, frequency: 10 } })).json as { id: string }).id;
  siteKey = `work/monitor:${siteId}`;
  await until(siteId, 'up');
}, 60_000);

afterAll(async () => {
  await service.stop();
  await target.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('vigil ack', { shuffle: false }, () => {
  it('refuses an item that is not a problem, and one it cannot find, saving nothing', async () => {
    const fine = await vigil(['ack', 'site']);
    expect(fine).toMatchObject({ code: 1, stdout: '', stderr: 'Site is up, not a problem: only a problem can be acknowledged.\n' });
    const unknown = await vigil(['ack', 'Nothing']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/has no monitor, heartbeat or domain named or with the id "Nothing"/);
    expect(savedAcknowledgements()).toEqual([]);
  });

  it('acknowledges a problem in one sentence, saved by server item key; says so once more without changing it', async () => {
    target.setUp(false);
    await until(siteId, 'down');
    const before = Date.now();
    const ack = await vigil(['ack', 'Site']);
    expect(ack).toMatchObject({ code: 0, stderr: '', stdout: 'Acknowledged Site (down): no more alerts about it until it recovers, which will be told.\n' });
    const [saved, ...others] = savedAcknowledgements();
    expect(others).toEqual([]);
    expect(saved?.key).toBe(siteKey);
    expect(saved?.at).toBeGreaterThanOrEqual(before);
    const again = await vigil(['ack', siteId]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Site was acknowledged already, at \d{2}:\d{2}\.\n$/);
    expect(savedAcknowledgements()).toEqual([saved]);
  });

  it('is said by vigil status, in the row and the summary, the exit code still the problem\'s', async () => {
    const text = await vigil(['status']);
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/^CRITICAL {2}monitor {4}Site +Down.* \(acknowledged \d{2}:\d{2}\)$/m);
    expect(text.stdout).toMatch(/CRITICAL — 1 of 1 items need attention \(1 acknowledged\)\./);
    const json = await vigil(['status', '--json']);
    expect(json.code).toBe(2);
    const [row] = (JSON.parse(json.stdout) as { monitors: Record<string, unknown>[] }).monitors;
    expect(row).toMatchObject({ name: 'Site', health: 'critical', state: 'acknowledged', server_id: 'work' });
    expect(new Date(String(row?.acknowledged_at)).getTime()).toBe(savedAcknowledgements()[0]?.at);
  });

  it('refuses a server named by --base-url alone, which has no place in the settings', async () => {
    const unsaved = service.apiUrl.replace('127.0.0.1', 'localhost');
    const result = await runVigil(['ack', 'Site', '--base-url', unsaved], { env: env() }).exited;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Vigil keeps acknowledgements with a saved server, and localhost:\d+ is not one: save it first with `vigil login --base-url http:\/\/localhost:\d+\/api`\.\n$/);
  });

  it('vigil watch tells nothing of it while it stays down, tells its recovery, then a new outage; the settings untouched', async () => {
    const child = spawn(process.execPath, [vigilEntry, 'watch', '--base-url', service.apiUrl, '--json', '--interval', '3600'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...env() },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stdout = '';
    const waiting: (() => void)[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const look of waiting) look();
    });
    const kinds = () =>
      stdout
        .trim()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { kind: string }).kind);
    const lineWith = (kind: string, count = 1) =>
      new Promise<void>((resolve) => {
        const look = () => kinds().filter((seen) => seen === kind).length >= count && resolve();
        waiting.push(look);
        look();
      });
    // The first poll's line (the test token expires within the hour) says the first poll is over: Site, down and
    // acknowledged, was not told with it.
    await lineWith('token-expiring');
    expect(kinds()).toEqual(['token-expiring']);
    target.setUp(true);
    await lineWith('monitor-recovered');
    // The watch never writes the settings for it: the app ends it there.
    expect(savedAcknowledgements().map(({ key }) => key)).toEqual([siteKey]);
    target.setUp(false);
    await lineWith('monitor-down');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(kinds()).toEqual(['token-expiring', 'monitor-recovered', 'monitor-down']);
  }, 90_000);

  it('--clear takes it back in one sentence, and says when there is nothing to take back', async () => {
    const clear = await vigil(['ack', '--clear', 'Site']);
    expect(clear).toMatchObject({ code: 0, stderr: '', stdout: 'Site is no longer acknowledged: its alerts are told again.\n' });
    expect(savedAcknowledgements()).toEqual([]);
    const nothing = await vigil(['ack', '--clear', 'Site']);
    expect(nothing).toMatchObject({ code: 0, stdout: 'Site is not acknowledged: nothing to take back.\n' });
  });
});
