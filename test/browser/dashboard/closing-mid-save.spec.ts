// No action is lost when the window closes mid-save: the page asks before it goes while a change is on its way,
// and a change the core received finishes even though the page that asked for it is gone.
import { expect, test } from '@playwright/test';
import type { Monitor } from '../../../common/ipc/views.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { fakeVigilCore, openSignedIn, sampleStatus, startTestWebServer, type TestWebServer } from '../../helpers/web-server.ts';
import { builtRendererDir } from '../global-setup.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

let server: TestWebServer;
const saved: Monitor[] = [];
let letSaveFinish = () => {};
const saveMayFinish = new Promise<void>((resolve) => (letSaveFinish = resolve));

test.beforeAll(async () => {
  // A core whose save is on its way until the test lets it finish (after the page has gone), as over a slow
  // network to a remote server.
  const core = fakeVigilCore({
    getStatus: async () => ({ ...sampleStatus, servers: sampleStatus.servers.map((server) => ({ ...server, lastSuccessfulPollAt: Date.now() })) }),
    createMonitor: async (_connectionId, body) => {
      await saveMayFinish;
      const monitor = { ...body, id: `mon_${saved.length + 1}`, last_status: 'unknown' };
      saved.push(monitor);
      return monitor;
    },
  });
  server = await startTestWebServer({ core, rendererDir: builtRendererDir });
});

test.afterAll(async () => {
  await server?.close();
});

test('closing the window mid-save asks first, and the save still completes', async ({ page }) => {
  await openSignedIn(page, server);
  await page.getByRole('link', { name: 'Monitors', exact: true }).click();
  await page.getByRole('button', { name: 'Create your first monitor' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Slow save');
  await page.getByRole('textbox', { name: 'URL' }).fill('https://slow.example/');
  await page.getByRole('button', { name: 'Create monitor' }).click();
  await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();

  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.type()))));
  const closed = new Promise((resolve) => page.once('close', resolve));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  // The page is gone; the save it asked for completes all the same.
  await closed;
  expect(saved).toEqual([]);
  letSaveFinish();
  await expect.poll(() => saved.map((monitor) => monitor.name), { timeout: 5000 }).toEqual(['Slow save']);
});
