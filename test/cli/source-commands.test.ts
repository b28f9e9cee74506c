// `vigil status | login | logout` with read-only sources (issue 21), as real processes against real HTTP servers that
// answer as each source's documentation shows, with the real keychain: a source reached by `--kind --base-url` (its
// key in VIGIL_TOKEN), added by `login --kind` (its key from stdin where the kind needs one, nothing read where it does
// not), read among the saved connections, and forgotten by `logout`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretServiceMissingReason, startSecretService, type SecretServiceSession } from '../helpers/secret-service.ts';
import { startTestService } from '../helpers/service-harness.ts';
import { runVigil } from '../helpers/service-process.ts';
import { startFakeHealthchecks, uniqueKeyOf, type FakeHealthchecks } from '../helpers/source-fakes/healthchecks.ts';
import { startFakeStatusPage, type FakeStatusPage } from '../helpers/source-fakes/statuspage.ts';

const missing = secretServiceMissingReason();
if (missing) console.log(`Skipping the sources' CLI keychain tests: ${missing}.`);

const UUID = '0b8c6a4e-1f2d-4e3c-9a8b-7c6d5e4f3a2b';
let page: FakeStatusPage;
let healthchecks: FakeHealthchecks;
let keyring: SecretServiceSession;
let configDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [page, healthchecks, keyring] = await Promise.all([startFakeStatusPage('statuspage'), startFakeHealthchecks(), startSecretService()]);
  healthchecks.checks = [{ uuid: UUID, name: 'Nightly backup', status: 'down', lastPing: '2026-11-27T02:00:00+00:00', nextPing: '2026-11-28T02:00:00+00:00', timeout: 86_400, grace: 3_600 }];
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-sources-'));
  env = { ...keyring.env, VIGIL_CONFIG_DIR: configDir, VIGIL_TOKEN: '' };
});
afterAll(async () => {
  await Promise.all([page.close(), healthchecks.stop(), keyring.stop()]);
  rmSync(configDir, { recursive: true, force: true });
});

const vigil = (args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) => runVigil(args, { env: { ...env, ...options.env }, input: options.input }).exited;

interface JsonRow {
  kind: string;
  name: string;
  health: string;
  state: string;
  server: string;
  server_kind: string;
}

describe.skipIf(missing)('sources on the command line', { shuffle: false }, () => {
  it('reads a source named by --kind and --base-url, each row naming its source and kind, exiting with the worst', async () => {
    const result = await vigil(['status', '--kind', 'statuspage', '--base-url', page.url, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as { servers: { kind: string }[]; items: JsonRow[] };
    expect(report.servers).toMatchObject([{ kind: 'statuspage', level: 'critical', situation: 'ok' }]);
    expect(report.items.map((row) => [row.name, row.kind, row.health, row.state, row.server_kind])).toEqual([
      ['Webhooks', 'component', 'critical', 'down', 'statuspage'],
      ['REST API', 'component', 'warning', 'degraded', 'statuspage'],
      ['Billing', 'component', 'ok', 'maintenance', 'statuspage'],
    ]);
    const text = await vigil(['status', '--kind', 'statuspage', '--base-url', page.url]);
    expect(text.stdout).toMatch(/^CRITICAL {2}component {2}Webhooks +Major outage/);
  });

  it('takes a source’s key from VIGIL_TOKEN, and says in one line what is wrong without one', async () => {
    const keyed = await vigil(['status', '--kind', 'healthchecks', '--base-url', healthchecks.origin, '--json'], { env: { VIGIL_TOKEN: healthchecks.readOnlyKey } });
    expect(keyed.code).toBe(2);
    expect((JSON.parse(keyed.stdout) as { items: JsonRow[] }).items).toMatchObject([{ name: 'Nightly backup', kind: 'heartbeat', health: 'critical', state: 'down', server_kind: 'healthchecks' }]);
    const keyless = await vigil(['status', '--kind', 'healthchecks', '--base-url', healthchecks.origin]);
    expect(keyless.code).toBe(3);
    expect(keyless.stderr).toMatch(/^No API key for 127\.0\.0\.1:\d+: save it with `npm run vigil -- login --kind healthchecks --base-url http:\/\/127\.0\.0\.1:\d+` \(it reads the key from stdin\), or pass --kind healthchecks --base-url \S+ with VIGIL_TOKEN set\.\n$/);
    const wrongKind = await vigil(['status', '--kind', 'nagios', '--base-url', page.url]);
    expect(wrongKind.code).toBe(2);
    expect(wrongKind.stderr).toMatch(/--kind must be one of vigil, uptime-kuma, healthchecks, gatus, uptimerobot, alertmanager, statuspage; "nagios" is none of them\./);
  });

  it('shows a source item’s history from the history the source keeps, saying whose it is', async () => {
    const [check] = healthchecks.checks;
    if (check === undefined) throw new Error('the fake has no check');
    healthchecks.checks = [{ ...check, flips: [{ timestamp: '2026-11-28T03:00:00+00:00', up: 0 }, { timestamp: '2026-11-01T00:00:00+00:00', up: 1 }] }];
    const asked = ['history', 'Nightly backup', '--kind', 'healthchecks', '--base-url', healthchecks.origin, '--window', '30d'];
    const json = await vigil([...asked, '--json'], { env: { VIGIL_TOKEN: healthchecks.readOnlyKey } });
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({ name: 'Nightly backup', kind: 'source', source: 'server', historyOwner: 'Healthchecks' });
    const text = await vigil(asked, { env: { VIGIL_TOKEN: healthchecks.readOnlyKey } });
    expect(text.stdout).toContain('the history Healthchecks keeps');
    healthchecks.checks = [check];
  });

  it('adds sources with login --kind: a key read from stdin where one is needed, nothing read where none is', async () => {
    const refused = await vigil(['login', '--kind', 'healthchecks', '--base-url', healthchecks.origin, '--name', 'Cron jobs'], { input: 'not-the-key\n' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^Not added: .*Nothing was saved\.\n$/);
    const added = await vigil(['login', '--kind', 'healthchecks', '--base-url', healthchecks.origin, '--name', 'Cron jobs'], { input: `${healthchecks.readOnlyKey}\n` });
    expect(added.stderr).toBe('');
    expect(added.stdout).toMatch(/^Watching Cron jobs \(Healthchecks, http:\/\/127\.0\.0\.1:\d+\): 1 item; its key is in the .+\.\n$/);
    // A status page needs no key: stdin is not read (this one would be refused as a key).
    const page1 = await vigil(['login', '--kind', 'statuspage', '--base-url', page.url, '--name', 'GitHub'], { input: 'anything\n' });
    expect(page1.stdout).toMatch(/^Watching GitHub \(Status page, http:\/\/127\.0\.0\.1:\d+\): 3 items\.\n$/);
    const saved = JSON.parse(readFileSync(path.join(configDir, 'settings.json'), 'utf8')) as { connections: { name: string; sourceKind: string }[] };
    expect(saved.connections.map((c) => [c.name, c.sourceKind])).toEqual([
      ['Cron jobs', 'healthchecks'],
      ['GitHub', 'statuspage'],
    ]);
    expect(readFileSync(path.join(configDir, 'settings.json'), 'utf8')).not.toContain(healthchecks.readOnlyKey);
  });

  it('reads the saved sources with the others, each its own group', async () => {
    const result = await vigil(['status']);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^Cron jobs \(http:\/\/127\.0\.0\.1:\d+\)\n {2}CRITICAL {2}heartbeat {2}Nightly backup/);
    expect(result.stdout).toMatch(/\n\nGitHub \(http:\/\/127\.0\.0\.1:\d+\)\n {2}CRITICAL {2}component {2}Webhooks/);
    // Counted as what they are.
    expect(result.stdout).toMatch(/\n\n2 sources: CRITICAL \(Cron jobs critical, GitHub critical\)\.\n$/);
    const json = JSON.parse((await vigil(['status', '--json'])).stdout) as { items: (JsonRow & { id: string })[] };
    expect(json.items.find((row) => row.server === 'Cron jobs')).toMatchObject({ id: uniqueKeyOf(UUID), server_kind: 'healthchecks' });
  });

  it('copies a saved source’s heartbeats into a server with import --from-server: a preview, the copy with its new ping URL, then nothing left', async () => {
    const laptop = await startTestService();
    try {
      const copy = ['import', '--from-server', 'Cron jobs', '--base-url', laptop.apiUrl];
      const asLaptop = { env: { VIGIL_TOKEN: laptop.token } };
      const dry = await vigil([...copy, '--dry-run'], asLaptop);
      expect(dry.stderr).toBe('');
      expect(dry.stdout).toBe('Would create heartbeat "Nightly backup"\nDry run: nothing was changed; 1 to create, 0 skipped.\n');
      const done = await vigil(copy, asLaptop);
      expect(done.code).toBe(0);
      expect(done.stdout).toMatch(/^Created heartbeat "Nightly backup"\n {2}Its job pings http:\/\/127\.0\.0\.1:\d+\/\S+ from now on\.\n1 created, 0 skipped\.\n$/);
      const again = await vigil(copy, asLaptop);
      expect(again.stdout).toBe('Skipped heartbeat "Nightly backup": already on the server\n0 created, 1 skipped.\n');
      // A status page's components say nothing of a check; a source is never written to.
      const page2 = await vigil(['import', '--from-server', 'GitHub', '--base-url', laptop.apiUrl, '--dry-run'], asLaptop);
      expect(page2.stdout).toMatch(/^Skipped monitor "REST API": a status page’s component says nothing of what is checked, so there is nothing to copy\n/);
      const intoSource = await vigil(['import', '--from-server', 'GitHub', '--server', 'Cron jobs']);
      expect(intoSource.code).not.toBe(0);
      expect(intoSource.stderr).toBe("Cron jobs is read through Healthchecks' own API, which Vigil only reads: vigil import works on a Vigil server.\n");
      const nameless = await vigil(['import', '--from-server', 'Nowhere', '--base-url', laptop.apiUrl], asLaptop);
      expect(nameless.stderr).toMatch(/^No saved server is named or has the id "Nowhere"\. The saved servers: Cron jobs, GitHub\./);
    } finally {
      await laptop.stop();
    }
  });

  it('forgets a source with logout, its key with it', async () => {
    const result = await vigil(['logout', '--server', 'Cron jobs']);
    expect(result.stdout).toBe('Forgot Cron jobs (Healthchecks): it is no longer watched, and no key of it is kept.\n');
    const saved = JSON.parse(readFileSync(path.join(configDir, 'settings.json'), 'utf8')) as { connections: { name: string }[] };
    expect(saved.connections.map((c) => c.name)).toEqual(['GitHub']);
    // Added again without a key, it has none: the one it had went with it.
    const again = await vigil(['status', '--kind', 'healthchecks', '--base-url', healthchecks.origin]);
    expect(again.stderr).toMatch(/^No API key for /);
  });
});
