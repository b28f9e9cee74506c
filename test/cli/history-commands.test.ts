// `vigil history | events | export | import` as real processes: against Vigil's own service (its history), a
// spec-only server (the app's own record of it, read-only, or a clear line when there is none), and two services
// for export and import.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../common/format/clock-time.ts';
import { startHistoryServer, type HistoryServer } from '../helpers/history-server.ts';
import { startTestService, type TestService } from '../helpers/service-harness.ts';
import { runVigil } from '../helpers/service-process.ts';
import { remoteCoreBench, type RemoteCoreBench } from '../core/history/remote-core.ts';

let service: TestService;
let other: TestService;
let configDir: string;

beforeAll(async () => {
  [service, other] = await Promise.all([startTestService({ failuresToConfirmDown: 1 }), startTestService()]);
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-history-'));
  await service.api('/monitors', { method: 'POST', body: { name: 'Closed port', type: 'tcp', url: '127.0.0.1:9', frequency: 10 } });
  await service.api('/monitors', { method: 'POST', body: { name: 'Twin', type: 'tcp', url: '127.0.0.3:9', frequency: 60 } });
  await service.api('/monitors', { method: 'POST', body: { name: 'twin', type: 'tcp', url: '127.0.0.2:9', frequency: 60 } });
  await service.api('/domains', { method: 'POST', body: { domain: 'example.org' } });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !((await service.api('/monitors')).json as { name: string; last_status: string }[]).some((m) => m.name === 'Closed port' && m.last_status === 'down')) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
afterAll(async () => {
  await Promise.all([service.stop(), other.stop()]);
  rmSync(configDir, { recursive: true, force: true });
});

/** The text's times follow the environment's locale and zone: set here, so the words are the same on every machine. */
const american = { LANG: 'en_US.UTF-8', LC_ALL: '', LC_TIME: '', TZ: 'America/New_York' };
const vigil = (args: string[], token = service.token, input?: string, env: NodeJS.ProcessEnv = american) => runVigil(args, { env: { VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: token, ...env }, input }).exited;

describe('vigil history', () => {
  it("prints an item's history from the service, as text or JSON", async () => {
    const text = await vigil(['history', 'Closed port', '--base-url', service.apiUrl, '--window', '24h']);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    // The monitor is seconds old: the window is counted from its creation, and says so, to the second.
    const moment = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d [AP]M`;
    expect(text.stdout).toMatch(
      new RegExp(String.raw`^Closed port \(monitor\) on 127\.0\.0\.1:\d+: down for \d+ s\nWindow 24h: since it was created, ${moment} \(\d+ s ago\), to (${moment}|\d{1,2}:\d\d:\d\d [AP]M), from the server's history\nUptime: 24h 0\.00% \(since created\)`),
    );
    expect(text.stdout).not.toMatch(/UTC|\d{4}-\d\d-\d\dT/);
    const json = await vigil(['history', 'closed PORT', '--base-url', service.apiUrl, '--json', '--window', '24h']);
    const view = JSON.parse(json.stdout) as { incidents: { start: number }[]; events: { at: number; title: string }[] };
    expect(view).toMatchObject({ kind: 'monitor', name: 'Closed port', window: '24h', source: 'server', state: 'down' });
    // Checked every 10 s: the incident and the events are told to the second, in New York's time as TZ says.
    const [incident] = view.incidents;
    const newYork = (at: number) => formatDateTime(at, { locale: 'en-US', timeZone: 'America/New_York', seconds: true });
    expect(text.stdout).toContain(`Incidents (1):\n  ${newYork(incident?.start ?? 0)} to ongoing  `);
    const down = view.events.find((event) => event.title.startsWith('Closed port went down'));
    expect(text.stdout).toContain(`Latest events:\n  ${newYork(down?.at ?? 0)}  Closed port went down`);
    // Another environment, another locale and zone: German dates, Berlin's 24-hour clock.
    const german = await vigil(['history', 'Closed port', '--base-url', service.apiUrl, '--window', '24h'], service.token, undefined, { LANG: 'de_DE.UTF-8', LC_ALL: '', LC_TIME: '', TZ: 'Europe/Berlin' });
    expect(german.stdout).toContain(`Incidents (1):\n  ${formatDateTime(incident?.start ?? 0, { locale: 'de-DE', timeZone: 'Europe/Berlin', seconds: true })} to ongoing  `);
  });

  it('says in one line when the name is unknown or ambiguous, or the window is not one it knows', async () => {
    const unknown = await vigil(['history', 'Nope', '--base-url', service.apiUrl]);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/^127\.0\.0\.1:\d+ has no monitor, heartbeat or domain named or with the id "Nope"\.\n$/);
    const twins = await vigil(['history', 'twin', '--base-url', service.apiUrl]);
    expect(twins.code).toBe(1);
    expect(twins.stderr).toMatch(/^"twin" names 2 items on .*\(monitor mon_.*, monitor mon_.*\): give the id instead\.\n$/);
    expect(await vigil(['history', 'Twin', '--window', '2d', '--base-url', service.apiUrl])).toMatchObject({ code: 2, stderr: '--window must be one of 24h, 7d, 30d, 90d, 365d, not "2d"\n' });
    expect((await vigil(['history', '--base-url', service.apiUrl])).stderr).toBe('vigil history: say which <name-or-id>\n');
    const down = await vigil(['history', 'Twin', '--base-url', 'http://127.0.0.1:9/api']);
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/^Cannot read 127\.0\.0\.1:9: Could not reach the server/);
  });
});

describe('a spec-only server', () => {
  let spec: HistoryServer;
  let bench: RemoteCoreBench;

  beforeAll(async () => {
    spec = await startHistoryServer({ monitors: [{ id: 'm1', name: 'API', type: 'http', url: 'https://api.example/', frequency: 60, last_status: 'up' }] });
    bench = remoteCoreBench(spec.apiUrl, Date.now() - 2 * 3_600_000);
  });
  afterAll(async () => {
    await spec.close();
    bench.remove();
  });

  it('has no history to show until the app has recorded it; then the record, read-only', async () => {
    const none = await runVigil(['history', 'API', '--base-url', spec.apiUrl], { env: { VIGIL_CONFIG_DIR: bench.dir, VIGIL_TOKEN: 'a.b.c' } }).exited;
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/keeps no history \(it does not offer Vigil's history extension\), and the app has no record of it on this computer/);

    const running = await bench.start();
    for (let i = 0; i < 30; i++) await bench.pollAfter(running, 60_000);
    await running.core.stop();
    const shown = await runVigil(['history', 'API', '--base-url', spec.apiUrl, '--window', '24h'], { env: { VIGIL_CONFIG_DIR: bench.dir, VIGIL_TOKEN: 'a.b.c' } }).exited;
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toMatch(/from Vigil's own record on this computer \(read-only\)/);
    expect(shown.stdout).toMatch(/Uptime: 24h 100\.00%/);
    expect(shown.stdout).toContain('Note: This server keeps no history: shown is what Vigil saw while it was watching.');
    const events = await runVigil(['events', '--base-url', spec.apiUrl, '--since', '7d', '--json'], { env: { VIGIL_CONFIG_DIR: bench.dir, VIGIL_TOKEN: 'a.b.c' } }).exited;
    expect(events.code).toBe(0);
    expect(JSON.parse(events.stdout)).toMatchObject({ events: [] });
  });
});

describe('vigil events', () => {
  it('prints what happened, newest first, and refuses a --since it cannot read', async () => {
    const text = await vigil(['events', '--base-url', service.apiUrl, '--since', '1h']);
    expect(text.code).toBe(0);
    // The time of day as the window's feed writes it, in the environment's locale; JSON keeps its epoch values.
    expect(text.stdout).toMatch(/^\d{1,2}:\d\d(:\d\d)? [AP]M {2}CRITICAL {2}Closed port went down/m);
    expect(text.stdout).not.toMatch(/\d{4}-\d\d-\d\dT/);
    const json = JSON.parse((await vigil(['events', '--base-url', service.apiUrl, '--json'])).stdout) as { events: { title: string; source: string }[] };
    expect(json.events.some((event) => event.source === 'server' && event.title.startsWith('Closed port went down'))).toBe(true);
    expect((await vigil(['events', '--base-url', service.apiUrl, '--since', 'yesterday'])).stderr).toMatch(/^--since must be a time back from now like 30m, 24h or 7d/);
  });
});

describe('vigil export and import', () => {
  it('exports to stdout, and imports into another service: a dry run, then for real, then nothing left to add', async () => {
    const exported = await vigil(['export', '--base-url', service.apiUrl]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toBe(`Exported 3 monitors, 0 heartbeats, 1 domain, 0 notification handlers from ${new URL(service.apiUrl).host}.\n`);
    const file = path.join(configDir, 'configuration.json');
    writeFileSync(file, exported.stdout);

    const dry = await vigil(['import', file, '--dry-run', '--base-url', other.apiUrl], other.token);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(['Would create monitor "Closed port" (127.0.0.1:9)', 'Would create monitor "Twin" (127.0.0.3:9)', 'Would create monitor "twin" (127.0.0.2:9)', 'Would create domain "example.org"', 'Dry run: nothing was changed; 4 to create, 0 skipped.', ''].join('\n'));
    const done = await vigil(['import', file, '--base-url', other.apiUrl], other.token);
    expect(done.stdout).toMatch(/4 created, 0 skipped\.\n$/);
    const again = await vigil(['import', '--base-url', other.apiUrl, file], other.token);
    expect(again.stdout).toMatch(/^Skipped monitor "Closed port": already on the server\n[^]*0 created, 4 skipped\.\n$/);
  });

  it('says in one line when the file cannot be read or is not a configuration', async () => {
    const missing = await vigil(['import', path.join(configDir, 'nope.json'), '--base-url', other.apiUrl], other.token);
    expect(missing).toMatchObject({ code: 1, stderr: `Cannot read ${path.join(configDir, 'nope.json')}: there is no such file.\n` });
    const wrong = path.join(configDir, 'wrong.json');
    writeFileSync(wrong, '{"monitors": []}');
    expect(await vigil(['import', wrong, '--base-url', other.apiUrl], other.token)).toMatchObject({ code: 1, stderr: 'The file is not a Vigil configuration: its "format" is not "vigil-configuration".\n' });
  });
});
