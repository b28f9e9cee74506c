// Browser mode end to end in Debian's Chromium: a page using renderer/transport calls through the web server
// into the real core, which talks to a real embedded service process (local mode). The token stays behind.
import { expect, test } from '@playwright/test';
import type { VigilApi } from '../../common/ipc/contract.ts';
import { silentLogger } from '../../common/logger.ts';
import { startWebServer, type WebServer } from '../../main/browser-mode/web-server.ts';
import { startCore, tempDirs, type CoreFixture } from '../core/app/core-fixture.ts';
import { chromiumMissingReason } from '../helpers/chromium.ts';
import { transportTestPageForFile } from './page-server.ts';

interface TestPageGlobals {
  vigilTest: { api: VigilApi };
}

let dirs: ReturnType<typeof tempDirs>;
let fixture: CoreFixture;
let server: WebServer;

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

const transportPage = transportTestPageForFile('vigil-web-real-');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dirs = tempDirs();
  fixture = await startCore(dirs);
  server = await startWebServer({ core: fixture.core, rendererDir: transportPage.dir, logger: silentLogger });
});

test.afterAll(async () => {
  await server?.close();
  await fixture?.core.stop();
  dirs?.remove();
});

test('a call from the page round-trips to the real core and its local service, and the token never reaches the page', async ({ page }) => {
  await page.goto(server.url);
  const created = await page.evaluate(() =>
    (window as unknown as TestPageGlobals).vigilTest.api.createMonitor('local', { name: 'From the browser', type: 'tcp', url: '127.0.0.1:9', frequency: 60 }),
  );
  expect(created).toMatchObject({ name: 'From the browser', type: 'tcp', last_status: 'unknown' });
  expect(created.id).toMatch(/^mon_/);

  const listed = await page.evaluate(() => (window as unknown as TestPageGlobals).vigilTest.api.listMonitors('local'));
  expect(listed.map((m) => m.id)).toContain(created.id);

  const connections = await page.evaluate(() => (window as unknown as TestPageGlobals).vigilTest.api.listConnections());
  expect(connections).toMatchObject([{ id: 'local', kind: 'local', enabled: true, auth: 'signed-in' }]);
  const status = await page.evaluate(() => (window as unknown as TestPageGlobals).vigilTest.api.getStatus());
  const token = await fixture.secrets.get('local');
  expect(token).toBeTruthy();
  expect(JSON.stringify([connections, status])).not.toContain(token);

  const refused = await page.evaluate(() =>
    (window as unknown as TestPageGlobals).vigilTest.api
      .createDomain('local', { domain: 'not a domain' })
      .then(() => 'accepted', (error: { code: string }) => error.code),
  );
  expect(refused).toBe('invalid-arguments');
});
