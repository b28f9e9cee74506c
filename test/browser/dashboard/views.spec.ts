// Every view of the window, light and dark, at 1280×800: no serious or critical accessibility violations (axe),
// and a screenshot of each in test-results/screenshots to look at. The data is real: monitors against local
// targets (one down), heartbeats (one pinged), domains from a local RDAP service (one with no answer), handlers.
import { expect, test, type Page } from '@playwright/test';
import { startHttpTarget, startTcpTarget, type HttpTarget, type TcpTarget } from '../../helpers/local-targets.ts';
import { startRdapFixture } from '../../helpers/rdap-fixture.ts';
import { dashboardForFile, openDashboard, openView, screenshot, seriousViolations, startedForFile } from './dashboard-fixture.ts';

let web: HttpTarget;
let database: TcpTarget;
const rdap = startedForFile(startRdapFixture);
const dashboard = dashboardForFile(() => ({ rdapBootstrapUrl: rdap.current.bootstrapUrl }));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rdap.current.setDomain('vigil.example', { expiresOn: inDays(200), registrar: 'Example Registrar, Inc.' });
  rdap.current.setDomain('shop.example', { expiresOn: inDays(9), registrar: 'Example Registrar, Inc.' });
  web = await startHttpTarget();
  database = await startTcpTarget();
  const { calls } = dashboard.fixture;
  await calls.createMonitor('local', { name: 'Website', type: 'http', url: `${web.url}/`, frequency: 60 });
  await calls.createMonitor('local', { name: 'Database', type: 'tcp', url: database.hostPort, frequency: 30 });
  await calls.createMonitor('local', { name: 'Router', type: 'ping', url: '127.0.0.1', frequency: 300 });
  await calls.createMonitor('local', { name: 'Old API', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  const backup = await calls.createHeartbeat('local', { name: 'Nightly backup', expected_interval: 86_400 });
  await calls.createHeartbeat('local', { name: 'Report job', expected_interval: 3600 });
  if (backup.ping_url !== undefined) await fetch(backup.ping_url, { method: 'POST' });
  await calls.createDomain('local', { domain: 'vigil.example' });
  await calls.createDomain('local', { domain: 'shop.example' });
  await calls.createDomain('local', { domain: 'unknown.invalid' });
  await calls.createNotificationHandler('local', { name: 'On-call email', type: 'email', destination: 'oncall@example.com' });
  await calls.createNotificationHandler('local', { name: 'Chat webhook', type: 'webhook', destination: 'https://chat.example.com/hooks/vigil' });
  // The checks and lookups have run once the overview shows the down monitor and the known expiries.
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Old API' && item.state === 'down'), 45_000);
});

test.afterAll(async () => {
  await Promise.all([web?.close(), database?.close()]);
});

const views = [
  { name: 'Overview', file: 'overview', ready: (page: Page) => page.getByRole('table', { name: 'Needs attention' }) },
  { name: 'Monitors', file: 'monitors', ready: (page: Page) => page.getByRole('row', { name: /Website/ }) },
  { name: 'Heartbeats', file: 'heartbeats', ready: (page: Page) => page.getByRole('row', { name: /Nightly backup/ }) },
  { name: 'Domains', file: 'domains', ready: (page: Page) => page.getByRole('row', { name: /shop\.example/ }) },
  { name: 'Notification handlers', file: 'handlers', ready: (page: Page) => page.getByRole('row', { name: /On-call email/ }) },
  { name: 'Settings', file: 'settings', ready: (page: Page) => page.getByRole('heading', { name: 'About' }) },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`every view in ${scheme}: no serious accessibility violations, and a screenshot`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard);
    for (const view of views) {
      await openView(page, view.name);
      await expect(view.ready(page).first()).toBeVisible({ timeout: 20_000 });
      await screenshot(page, `${view.file}-${scheme}`);
      expect(await seriousViolations(page), `${view.name} in ${scheme}`).toEqual([]);
    }
    // Settings is taller than the window: its lower sections too.
    await page.getByRole('heading', { name: 'About' }).scrollIntoViewIfNeeded();
    await screenshot(page, `settings-lower-${scheme}`);

    // The dialogs, too: a form showing its errors, and a confirmation.
    await openView(page, 'Monitors');
    await page.getByRole('button', { name: 'New monitor' }).click();
    await page.getByRole('dialog', { name: 'New monitor' }).getByRole('button', { name: 'Create monitor' }).click();
    await expect(page.getByRole('dialog').getByText('Must not be empty.').first()).toBeVisible();
    await screenshot(page, `monitor-form-${scheme}`);
    expect(await seriousViolations(page), `monitor form in ${scheme}`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Website' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await screenshot(page, `delete-confirmation-${scheme}`);
    expect(await seriousViolations(page), `delete confirmation in ${scheme}`).toEqual([]);
    await page.keyboard.press('Escape');
  });
}
