// Browser mode after Vigil stops, in Chromium against the real core and service: the open tab says plainly that
// Vigil stopped, stops looking live (its data dimmed, "as of" a time), and when Vigil is started again with a new
// launch key, says to open the address Vigil printed; once that address is opened (in another tab), this tab
// reconnects by itself and shows live data again.
import { expect, test } from '@playwright/test';
import { startWebServer, type WebServer } from '../../../main/browser-mode/web-server.ts';
import { startCore, type CoreFixture } from '../../core/app/core-fixture.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { builtRendererDir } from '../global-setup.ts';
import { openDashboard, screenshot, seriousViolations, startDashboard, type Dashboard } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

let dashboard: Dashboard;
let relaunched: { fixture: CoreFixture; server: WebServer } | undefined;

test.beforeEach(async () => {
  dashboard = await startDashboard();
});

test.afterEach(async () => {
  await relaunched?.server.close();
  await relaunched?.fixture.core.stop();
  relaunched = undefined;
  await dashboard?.close();
});

test('the tab says Vigil stopped, then asks for the new address, then reconnects by itself', async ({ page, context }) => {
  await dashboard.fixture.calls.createMonitor('local', { name: 'Shop', type: 'tcp', url: '127.0.0.1:9', frequency: 300 });
  await openDashboard(page, dashboard);
  await expect(page.getByRole('table').getByRole('row', { name: /Shop/ })).toBeVisible({ timeout: 20_000 });
  const banner = page.locator('[data-banner="disconnected"]');
  await expect(banner).toHaveCount(0);

  // Vigil stops: the web server closes its sockets, then the core and its service stop.
  const port = Number(new URL(dashboard.server.origin).port);
  await dashboard.server.close();
  await dashboard.fixture.core.stop();
  await expect(banner.getByRole('alert')).toHaveText('Vigil has stopped, or this page lost its connection to it.');
  await expect(banner).toContainText(/What this page shows is as of .+ and no longer updates\./);
  await expect(banner.getByRole('button', { name: 'Try now' })).toBeVisible();
  await expect(page.locator('.sidebar-status')).toHaveText('This computer: not connected');
  await expect(page.locator('main')).toHaveClass(/main-disconnected/);
  expect(await seriousViolations(page)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `disconnected-${scheme}`);
  }

  // Started again on the same port: a new launch key, which this tab's session predates.
  const fixture = await startCore(dashboard.dirs, dashboard.fixture.secrets);
  const server = await startWebServer({ core: fixture.core, rendererDir: builtRendererDir, port, logger: recordingLogger() });
  relaunched = { fixture, server };
  await expect(banner.getByRole('alert')).toHaveText('Vigil was started again, so this page needs its new address.', { timeout: 20_000 });
  await expect(banner).toContainText('Open the address Vigil printed when it started');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'disconnected-new-launch-light');

  // The new address opened in another tab: its session cookie, and its page secret in the storage the tabs share,
  // reach this tab too, which reconnects and catches up.
  const other = await context.newPage();
  await other.goto(server.url);
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('main')).not.toHaveClass(/main-disconnected/);
  await expect(page.locator('.sidebar-status')).not.toContainText('not connected');
  await expect(page.getByRole('table').getByRole('row', { name: /Shop/ })).toBeVisible();
});
