// Live state in the window: with the poll a minute apart, a monitor that goes down on the local service shows down
// in the overview's table, in its "Recent events" and on its own page within moments of the service recording it,
// all three agreeing — the service's stream of changes asks the core to poll at once. The built window in Chromium,
// the real core and service, a local target taken down for real.
import { expect, test } from '@playwright/test';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { tokenFor } from '../../helpers/service-process.ts';
import { openDashboard, screenshot, startDashboard, type Dashboard } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

let dashboard: Dashboard;
let target: HttpTarget;
test.beforeAll(async () => {
  [dashboard, target] = await Promise.all([startDashboard(), startHttpTarget()]);
  await dashboard.fixture.calls.updateSettings({ pollIntervalSeconds: 60 });
});
test.afterAll(async () => {
  await dashboard?.close();
  await target?.close();
});

/** Resolves once the service itself says the monitor is down (its own record, not the window's). */
async function serviceSaysDown(id: string): Promise<void> {
  const status = await dashboard.fixture.calls.getStatus();
  const baseUrl = status.servers[0]?.connection.baseUrl ?? '';
  const headers = { authorization: `Bearer ${await tokenFor(dashboard.dirs.dataDir)}` };
  await expect.poll(async () => ((await (await fetch(`${baseUrl}/monitors/${id}`, { headers })).json()) as { last_status: string }).last_status, { timeout: 45_000, intervals: [100] }).toBe('down');
}

test('a monitor going down shows in the table, the events and its page at once, all agreeing', async ({ page }) => {
  test.setTimeout(120_000);
  const monitor = await dashboard.fixture.calls.createMonitor('local', { name: 'Flaky site', type: 'http', url: target.url, frequency: 10 });
  await openDashboard(page, dashboard);
  const rest = page.getByRole('table', { name: 'Everything else' });
  await expect(rest.getByRole('row', { name: /Flaky site/ })).toContainText('Up', { timeout: 30_000 });

  target.setUp(false);
  await serviceSaysDown(monitor.id ?? '');
  // From here the window has a few seconds; the next regular poll is up to a minute away.
  const soon = { timeout: 8_000 };
  const row = page.getByRole('table', { name: 'Needs attention' }).getByRole('row', { name: /Flaky site/ });
  await expect(row).toContainText('Down', soon);
  await expect(page.getByRole('list', { name: 'Recent events' })).toContainText('Flaky site went down', soon);
  await screenshot(page, 'live-state-overview-light');

  await row.getByRole('button', { name: 'Flaky site' }).click();
  await page.getByRole('row', { name: /Flaky site/ }).getByRole('link', { name: 'Flaky site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flaky site' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Down');
  target.setUp(true);
});
