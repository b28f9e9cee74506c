// `vigil maintenance start | end | list` as real processes against a real `vigil service` process named by
// --base-url with VIGIL_TOKEN (its maintenance extension), a spec-only server that keeps no windows, and one that
// cannot be reached.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHistoryServer, type HistoryServer } from '../helpers/history-server.ts';
import { runVigil, startServiceProcess, tokenFor, type ServiceProcess } from '../helpers/service-process.ts';

let service: ServiceProcess;
let dataDir: string;
let configDir: string;
let token: string;
/** How the CLI names a server given by --base-url alone: its host and port. */
let host: string;
let apiId: string;

/** The times follow the environment's locale: British English here, a 24-hour clock on every machine. */
const british = { LANG: 'en_GB.UTF-8', LC_ALL: '', LC_TIME: '' };
const vigil = (args: string[], baseUrl = service.apiUrl, locale: NodeJS.ProcessEnv = british) =>
  runVigil(['maintenance', ...args, '--base-url', baseUrl], { env: { VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: token, ...locale } }).exited;

async function api(route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${service.apiUrl}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** Every key of a window in `--json`, present whatever the window holds. */
const jsonKeys = ['active', 'created_at', 'ended_at', 'ends_at', 'id', 'item', 'item_name', 'reason', 'repeat', 'server', 'server_id', 'starts_at'];
const clock = String.raw`(\d{1,2} \w{3,4}, )?\d{2}:\d{2}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-maintenance-'));
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-maintenance-config-'));
  service = await startServiceProcess(dataDir);
  token = await tokenFor(dataDir);
  host = new URL(service.apiUrl).host;
  apiId = ((await api('/monitors', { name: 'API', type: 'tcp', url: '127.0.0.1:9', frequency: 60 })) as { id: string }).id;
  for (const url of ['127.0.0.2:9', '127.0.0.3:9']) await api('/monitors', { name: 'Twin', type: 'tcp', url, frequency: 60 });
}, 120_000);

afterAll(async () => {
  service.child.kill('SIGTERM');
  await service.exited;
  for (const dir of [dataDir, configDir]) rmSync(dir, { recursive: true, force: true });
});

// Windows started, listed, then ended, in this order: each step finds what the one before left (declared rather
// than assumed: a shuffled run keeps it).
describe('vigil maintenance against the service', { shuffle: false }, () => {
  it('starts a window on everything for 1 h, and one on one item, saying each in a line (or JSON)', async () => {
    const everything = await vigil(['start', '--for', '1h', '--reason', 'deploy 4.2']);
    expect(everything.stderr).toBe('');
    expect(everything.code).toBe(0);
    expect(everything.stdout).toMatch(new RegExp(String.raw`^${escaped(host)}: maintenance on everything until ${clock} \(1 h\) — deploy 4\.2\n$`));

    const before = Date.now();
    const item = await vigil(['start', '--item', 'api', '--for', '90m', '--json']);
    expect(item).toMatchObject({ code: 0, stderr: '' });
    const [window, ...others] = JSON.parse(item.stdout) as Record<string, unknown>[];
    expect(others).toEqual([]);
    expect(Object.keys(window ?? {}).sort()).toEqual(jsonKeys);
    expect(window).toMatchObject({ server: host, server_id: null, item: `monitor:${apiId}`, repeat: null, reason: null, ended_at: null, active: true });
    const endsAt = Date.parse(String(window?.ends_at));
    expect(endsAt - before).toBeGreaterThan(89 * 60_000);
    expect(endsAt - before).toBeLessThanOrEqual(90 * 60_000 + 10_000);
  });

  it('lists the windows in force and to come, as a table or a stable JSON array', async () => {
    // A weekly window in force all the time, and one a few days off: both listed, one active and one upcoming.
    const later = (new Date().getUTCDay() + 3) % 7;
    await api('/maintenance', { repeat: { days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '00:00', timezone: 'UTC' }, reason: 'backups' });
    await api('/maintenance', { item: `monitor:${apiId}`, repeat: { days: [later], start: '03:00', end: '04:00', timezone: 'UTC' } });

    const text = await vigil(['list']);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(String.raw`^${escaped(host)} {2}everything {2}active {4}from ${clock} until ${clock} — deploy 4\.2$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(String.raw`^${escaped(host)} {2}API {9}active {4}from ${clock} until ${clock}$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(String.raw`^${escaped(host)} {2}everything {2}active {4}Every day all day \(UTC\), from ${clock} until ended — backups$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(String.raw`^${escaped(host)} {2}API {9}upcoming  \w+ 03:00–04:00 \(UTC\), from ${clock} until ended$`)));
    // An American environment: the same windows on a 12-hour clock.
    const american = await vigil(['list'], service.apiUrl, { LANG: 'en_US.UTF-8', LC_ALL: '', LC_TIME: '' });
    const twelveHour = String.raw`([A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M`;
    expect(american.stdout).toMatch(new RegExp(String.raw`^${escaped(host)} {2}everything {2}active {4}from ${twelveHour} until ${twelveHour} — deploy 4\.2$`, 'm'));

    const json = await vigil(['list', '--json']);
    expect(json.code).toBe(0);
    const windows = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(windows).toHaveLength(4);
    for (const window of windows) expect(Object.keys(window).sort()).toEqual(jsonKeys);
    expect(windows.filter((window) => window.item === null).map((window) => window.reason).sort()).toEqual(['backups', 'deploy 4.2']);
    expect(windows.find((window) => window.active === false)).toMatchObject({ item: `monitor:${apiId}`, repeat: { days: [later], start: '03:00', end: '04:00', timezone: 'UTC' }, ends_at: null });
  });

  it("ends an item's own windows, then every window in force, keeping weekly ones; nothing left to end is fine", async () => {
    const item = await vigil(['end', '--item', `monitor:${apiId}`]);
    expect(item).toMatchObject({ code: 0, stderr: '' });
    expect(item.stdout).toMatch(new RegExp(String.raw`^${escaped(host)}: ended maintenance on API \(in maintenance since ${clock}\)\n$`));
    expect(await vigil(['end', '--item', 'API'])).toMatchObject({ code: 0, stderr: '', stdout: `${host}: no maintenance on API to end.\n` });

    const all = await vigil(['end']);
    expect(all).toMatchObject({ code: 0, stderr: '' });
    expect(all.stdout).toMatch(new RegExp(String.raw`^${escaped(host)}: ended maintenance on everything \(in maintenance since ${clock}\)\n`));
    expect(all.stdout).toContain(`${host}: kept the weekly maintenance on everything (Every day all day): ending it here would cancel every later week.\n`);

    const left = JSON.parse((await vigil(['list', '--json'])).stdout) as { repeat: unknown }[];
    expect(left).toHaveLength(2);
    expect(left.every((window) => window.repeat !== null)).toBe(true);
    expect(await vigil(['end', '--json'])).toMatchObject({ code: 0, stdout: '[]\n' });
  });

  it('starts a window until ended', async () => {
    const result = await vigil(['start', '--until-ended', '--item', 'API']);
    expect(result).toMatchObject({ code: 0, stderr: '', stdout: `${host}: maintenance on API until ended\n` });
    expect((await vigil(['end', '--item', 'API'])).stdout).toMatch(/: ended maintenance on API /);
  });

  it('names an unknown or ambiguous item in one line, exit 1, starting nothing', async () => {
    const unknown = await vigil(['start', '--for', '1h', '--item', 'Nope']);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: `${host} has no monitor, heartbeat or domain named or with the id "Nope".\n` });
    const twins = await vigil(['end', '--item', 'twin']);
    expect(twins).toMatchObject({ code: 1, stdout: '' });
    expect(twins.stderr).toMatch(/^"twin" names 2 items on 127\.0\.0\.1:\d+ \(monitor \S+, monitor \S+\): give the id instead\.\n$/);
    expect(((await vigil(['list', '--json'])).stdout.match(/"id"/g) ?? []).length).toBe(2);
  });
});

describe('vigil maintenance, a usage mistake', () => {
  it('is listed by `vigil help`', async () => {
    const help = await runVigil(['help']).exited;
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}maintenance start --for 1h \| end \| list \[--item NAME-OR-ID\] \[--json\] +start \(or --until-ended\), end or list maintenance windows/m);
  });


  const cases: [args: string[], message: string][] = [
    [[], 'vigil maintenance: say start, end or list (e.g. `vigil maintenance start --for 1h`).'],
    [['pause'], 'vigil maintenance: "pause" is not an action; say start, end or list (e.g. `vigil maintenance start --for 1h`).'],
    [['start'], 'vigil maintenance start: say how long, with --for DURATION (like 1h) or --until-ended.'],
    [['start', '--for', '1h', '--until-ended'], 'vigil maintenance start: pass --for DURATION or --until-ended, not both.'],
    [['start', '--for', '1 hour'], '--for must be a duration like 30m, 1h, 2h or 1d (at most 365d), not "1 hour"'],
    [['start', '--for', '0m'], '--for must be a duration like 30m, 1h, 2h or 1d (at most 365d), not "0m"'],
    [['start', '--for', '400d'], '--for must be a duration like 30m, 1h, 2h or 1d (at most 365d), not "400d"'],
    [['start', '--for', '1h', '--reason', 'x'.repeat(201)], '--reason must be at most 200 characters.'],
    [['end', '--for', '1h'], 'vigil maintenance end: unknown option "--for"'],
    [['list', '--item'], 'vigil maintenance list: unknown option "--item"'],
    [['list', 'API'], 'vigil maintenance list: unexpected argument "API"'],
  ];

  const named = cases.map(([args, message]) => ({ label: args.join(' ').slice(0, 40) || '(no action)', args, message }));
  it.each(named)('$label: one line, exit 2', async ({ args, message }) => {
    expect(await vigil(args)).toMatchObject({ code: 2, stdout: '', stderr: `${message}\n` });
  });
});

describe('vigil maintenance, a server that cannot do it', () => {
  let spec: HistoryServer;

  beforeAll(async () => {
    spec = await startHistoryServer({ monitors: [{ id: 'm1', name: 'Legacy', type: 'http', url: 'https://legacy.example/', frequency: 60, last_status: 'up' }] });
  });
  afterAll(() => spec.close());

  it('explains politely that a spec-only server keeps no windows, exit 3, sending no change', async () => {
    const specHost = new URL(spec.apiUrl).host;
    const explanation = `${specHost} keeps no maintenance windows (it does not offer the maintenance extension); start maintenance from Vigil's window, which applies it to its own notifications.\n`;
    for (const args of [['start', '--for', '1h'], ['start', '--for', '1h', '--item', 'Legacy'], ['end'], ['list']]) {
      expect(await vigil(args, spec.apiUrl)).toMatchObject({ code: 3, stdout: '', stderr: explanation });
    }
    expect(await vigil(['list', '--json'], spec.apiUrl)).toMatchObject({ code: 3, stdout: '[]\n', stderr: explanation });
    expect(spec.requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it('says in one line that a server cannot be reached, exit 3', async () => {
    const result = await vigil(['start', '--for', '1h'], 'http://127.0.0.1:9/api');
    expect(result).toMatchObject({ code: 3, stdout: '' });
    expect(result.stderr).toMatch(/^Cannot read 127\.0\.0\.1:9: Could not reach the server[^\n]*\n$/);
  });

  it('exits 3 when the token is rejected, without echoing it', async () => {
    const result = await runVigil(['maintenance', 'list', '--base-url', service.apiUrl], { env: { VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: 'a.b.c' } }).exited;
    expect(result).toMatchObject({ code: 3, stdout: '' });
    expect(result.stderr).not.toContain('a.b.c');
  });
});
