// The views history added, light and dark, at 1280×800: each item page (a monitor with its chart, a heartbeat, a
// domain), the monitors list with its 24-hour column, the overview with its feed marking what is new, and
// Settings' "Your data" showing an import's dry run. No serious or critical accessibility violations (axe), and a
// screenshot of each in test-results/screenshots to look at. The data is real: local targets (one taken down and
// brought back), a pinged heartbeat, domains from a local RDAP service.
import { expect, test, type Page } from '@playwright/test';
import { startHttpTarget, startTcpTarget, type HttpTarget, type TcpTarget } from '../../helpers/local-targets.ts';
import { startRdapFixture } from '../../helpers/rdap-fixture.ts';
import { dashboardForFile, look, openDashboard, openView, startedForFile } from './dashboard-fixture.ts';

let web: HttpTarget;
let database: TcpTarget;
const rdap = startedForFile(startRdapFixture);
const dashboard = dashboardForFile(() => ({ rdapBootstrapUrl: rdap.current.bootstrapUrl }));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const stateOf = (name: string, state: string) => (status: { items: { name: string; state: string }[] }) => status.items.some((item) => item.name === name && item.state === state);

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rdap.current.setDomain('shop.example', { expiresOn: inDays(9), registrar: 'Example Registrar, Inc.' });
  web = await startHttpTarget();
  database = await startTcpTarget();
  const { calls } = dashboard.fixture;
  await calls.createMonitor('local', { name: 'Website', type: 'http', url: `${web.url}/`, frequency: 10 });
  await calls.createMonitor('local', { name: 'Database', type: 'tcp', url: database.hostPort, frequency: 10 });
  await calls.createMonitor('local', { name: 'Old API', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  const backup = await calls.createHeartbeat('local', { name: 'Nightly backup', expected_interval: 86_400 });
  if (backup.ping_url !== undefined) await fetch(backup.ping_url, { method: 'POST' });
  await calls.createDomain('local', { domain: 'shop.example' });
  await dashboard.fixture.statusWhere(stateOf('Database', 'up'), 45_000);
  // The database goes down for a while and comes back: an incident, events, a dip in the bars.
  await database.setUp(false);
  await dashboard.fixture.statusWhere(stateOf('Database', 'down'), 45_000);
  await database.setUp(true);
  await dashboard.fixture.statusWhere(stateOf('Database', 'up'), 45_000);
  await dashboard.fixture.statusWhere(stateOf('shop.example', 'expiring'), 45_000);
});

test.afterAll(async () => {
  await Promise.all([web?.close(), database?.close()]);
});

async function openItem(page: Page, list: string, name: string): Promise<void> {
  await openView(page, list);
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uptime' })).toBeVisible({ timeout: 20_000 });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the history views in ${scheme}: no serious accessibility violations, and a screenshot of each`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    // The last look an hour ago, so the feed has something new to mark (set before the page first loads: leaving
    // a page records a look).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('looked') !== null) return;
      sessionStorage.setItem('looked', 'yes');
      localStorage.setItem('vigil.overview.lastLook', String(Date.now() - 3_600_000));
    });
    await openDashboard(page, dashboard);
    await expect(page.getByRole('list', { name: 'Recent events' }).getByText('New').first()).toBeVisible({ timeout: 20_000 });
    await look(page, `overview-feed-${scheme}`);

    await openView(page, 'Monitors');
    await expect(page.getByRole('row', { name: /Database/ }).locator('.uptime-bar')).toBeVisible({ timeout: 20_000 });
    await look(page, `monitors-uptime-${scheme}`);

    await openItem(page, 'Monitors', 'Database');
    await expect(page.locator('.chart[data-drawn]')).toBeAttached({ timeout: 20_000 });
    await look(page, `item-monitor-${scheme}`);
    await page.getByRole('region', { name: /^Incidents/ }).scrollIntoViewIfNeeded();
    await look(page, `item-monitor-lower-${scheme}`);
    await page.getByRole('button', { name: 'Show the numbers as a table' }).click();
    await page.getByRole('radio', { name: '365 days' }).check();
    await expect(page.getByRole('region', { name: 'Status over the past 365 days' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Status over the past 365 days' }).scrollIntoViewIfNeeded();
    await look(page, `item-monitor-year-${scheme}`);

    await openItem(page, 'Heartbeats', 'Nightly backup');
    await look(page, `item-heartbeat-${scheme}`);
    await openItem(page, 'Domains', 'shop.example');
    await look(page, `item-domain-${scheme}`);

    await openView(page, 'Settings');
    const data = page.getByRole('region', { name: 'Your data' });
    const configuration = await dashboard.fixture.calls.exportConfiguration('local');
    await data.getByLabel('Configuration file').setInputFiles({ name: configuration.fileName, mimeType: configuration.mimeType, buffer: Buffer.from(configuration.text) });
    await expect(data.getByRole('heading', { name: /^Would be skipped/ })).toBeVisible({ timeout: 20_000 });
    await data.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
    await look(page, `settings-data-${scheme}`);
  });
}
