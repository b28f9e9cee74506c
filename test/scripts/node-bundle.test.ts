// The Node bundle that `npm run vigil`, browser mode and the local service run (scripts/build-node.ts), as the tests
// build it (test/node-build.ts): it answers as the sources do — the command line, and a real service over HTTP with
// its token, validation and storage — and it loads no package from node_modules but the few it is meant to leave
// out. (Every test that runs the command line or the service as a process runs this bundle too.)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOnService, runVigil, startServiceProcess, tokenFor, type ServiceProcess } from '../helpers/service-process.ts';
import { testBundleDir } from '../node-build.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'vigil-node-bundle-'));
let service: ServiceProcess | undefined;

afterAll(async () => {
  service?.child.kill('SIGTERM');
  await service?.exited;
  rmSync(folder, { recursive: true, force: true });
});

describe('the Node bundle', () => {
  it('is the command line: its usage, and a refusal in the user’s words', async () => {
    const help = await runVigil(['help']).exited;
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: npm run vigil -- <command>')]);
    const unknown = await runVigil(['frobnicate']).exited;
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('Unknown command "frobnicate"')]);
  });

  it('runs the service: a token it signed is taken, a bad body is refused by name, a monitor is kept', async () => {
    const dataDir = path.join(folder, 'service');
    service = await startServiceProcess(dataDir);
    const token = await tokenFor(dataDir);
    expect((await fetch(`${service.apiUrl}/monitors`)).status).toBe(401);
    const refused = await createOnService(service, token, 'monitors', { name: 'API', type: 'http' });
    expect([refused.status, await refused.text()]).toEqual([400, expect.stringContaining('url')]);
    const created = await createOnService(service, token, 'monitors', { name: 'API', type: 'http', url: 'https://api.example/health', frequency: 60 });
    expect(created.status, await created.clone().text()).toBe(201);
    const listed = await fetch(`${service.apiUrl}/monitors`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await listed.json()) as { name: string }[]).map((monitor) => monitor.name)).toEqual(['API']);
  });

  it('leaves out only the native keychain module, ws’s optional helpers and the window’s build tooling', () => {
    const packages = new Set<string>();
    for (const file of readdirSync(testBundleDir)) {
      const text = readFileSync(path.join(testBundleDir, file), 'utf8');
      // Static and dynamic imports, and CommonJS packages' requires (`__require`), as the minified bundle writes
      // them: no space before the quote, which keeps out the words of an SQL comment (`from "at" on`).
      for (const [, specifier = ''] of text.matchAll(/(?:\bfrom|\bimport\(|\b__require\()"([^"./][^"]*)"/g)) {
        if (!specifier.startsWith('node:')) packages.add(specifier);
      }
    }
    expect([...packages].sort()).toEqual(expect.arrayContaining(['@napi-rs/keyring']));
    for (const name of packages) expect(name).toMatch(/^(@napi-rs\/keyring|bufferutil|utf-8-validate|electron-vite|vite)$/);
  });
});
