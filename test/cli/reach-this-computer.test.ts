// The command line finds the app's own service with no flags and no keychain: one data folder by default (the
// app's), the local connection's address from the shared settings, and a token signed with the service's own key.
// Real processes: the app's core with its service, and each command.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localServiceDataDir } from '../../main/core/settings/settings-dir.ts';
import { runVigil } from '../helpers/service-process.ts';
import { serverOf, startCore, type CoreFixture } from '../core/app/core-fixture.ts';

let configDir: string;
let app: CoreFixture;
/** No D-Bus session: the OS keychain cannot be reached, as on a server or a fresh container. */
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-fresh-config-'));
  const dataDir = localServiceDataDir(configDir, {});
  mkdirSync(dataDir, { recursive: true });
  // Off the network (no RDAP), and any free port so parallel tests never contend for 8731.
  writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ port: 0, rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json', rdapAllowHttp: true }));
  app = await startCore({ configDir, dataDir });
  await app.calls.createMonitor('local', { name: 'Loopback', type: 'tcp', url: '127.0.0.1:9', frequency: 60 });
  env = { VIGIL_CONFIG_DIR: configDir, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', VIGIL_TOKEN: '', VIGIL_DATA_DIR: '' };
});
afterAll(async () => {
  await app.core.stop();
  rmSync(configDir, { recursive: true, force: true });
});

describe('the command line and This computer', () => {
  it('`vigil token` signs with the app\'s service key by default: the app\'s service accepts it', async () => {
    const { code, stdout, stderr } = await runVigil(['token'], { env }).exited;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const baseUrl = serverOf(await app.calls.getStatus()).connection.baseUrl;
    const answer = await fetch(`${baseUrl}/monitors`, { headers: { authorization: `Bearer ${stdout.trim()}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject([{ name: 'Loopback' }]);
  });

  it('`vigil status` reaches it with no flags and no keychain', async () => {
    const { code, stdout, stderr } = await runVigil(['status', '--json'], { env }).exited;
    expect(stderr).toBe('');
    // 3 is "cannot tell"; the monitor itself may be anything yet.
    expect(code).toBeLessThan(3);
    const report = JSON.parse(stdout) as { monitors: { name: string; server: string }[] };
    expect(report.monitors).toMatchObject([{ name: 'Loopback', server: 'This computer' }]);
  });
});
