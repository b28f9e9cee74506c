// Sources in the window, in Chromium (issue 21): a Statuspage page with a degraded and a major-outage component,
// Uptime Kuma with one monitor down and one in maintenance, and Healthchecks with a late job, each a real HTTP server
// on 127.0.0.1 answering as its documentation shows, added from one address each in "Add a source" beside this
// computer's own service; listed in the overview by source and in Sources (its column, its filter, its read-only
// sentence, "Open in …"); one acknowledged from its row, which the tray model then sets aside. Screenshots light and
// dark at 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { startFakeHealthchecks, type FakeHealthchecks } from '../../helpers/source-fakes/healthchecks.ts';
import { startFakeStatusPage, type FakeStatusPage } from '../../helpers/source-fakes/statuspage.ts';
import { startFakeKuma, type FakeKuma } from '../../helpers/source-fakes/uptime-kuma.ts';
import { dashboardForFile, look, openDashboard, openView } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
let statusPage: FakeStatusPage;
let kuma: FakeKuma;
let healthchecks: FakeHealthchecks;

test.beforeAll(async () => {
  [statusPage, kuma, healthchecks] = await Promise.all([startFakeStatusPage('statuspage'), startFakeKuma(), startFakeHealthchecks()]);
  kuma.monitors = [
    { id: 1, name: 'Shop API', type: 'http', url: 'https://shop.example.com/health', status: 1, ping: 118 },
    { id: 2, name: 'Postgres', type: 'port', hostname: 'db.internal', port: 5432, status: 0, ping: -1 },
    { id: 3, name: 'Queue', type: 'http', url: 'https://queue.example.com/', status: 3, ping: -1 },
  ];
  const lastPing = new Date(Date.now() - 25 * 3_600_000).toISOString().replace('Z', '+00:00');
  const nextPing = new Date(Date.now() - 3_600_000).toISOString().replace('Z', '+00:00');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString().replace('Z', '+00:00');
  // Its flips, newest first: it failed for four hours the night before last.
  const flips = [
    { timestamp: hoursAgo(26), up: 1 as const },
    { timestamp: hoursAgo(30), up: 0 as const },
    { timestamp: hoursAgo(24 * 40), up: 1 as const },
  ];
  healthchecks.checks = [{ uuid: '9d2f6c1a-4b3e-4f5a-8c7d-6e5f4a3b2c1d', name: 'Nightly backup', status: 'grace', lastPing, nextPing, timeout: 86_400, grace: 7_200, flips }];
});

test.afterAll(async () => {
  await Promise.all([statusPage?.close(), kuma?.close(), healthchecks?.stop()]);
});

async function addSource(page: Page, address: string, recognised: RegExp, name: string, key?: string) {
  const form = page.getByRole('group', { name: 'Add a source' });
  await form.getByRole('textbox', { name: 'Address' }).fill(address);
  await form.getByRole('button', { name: 'Look up' }).click();
  await expect(form.getByRole('status')).toContainText(recognised);
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  if (key !== undefined) {
    await form.getByLabel('API key', { exact: true }).fill(key);
    if (name === 'Home Kuma') await look(page, 'sources-add-recognised-light');
    // The fixture's secret store lasts for the session (no keychain here), so adding asks for that explicitly.
    await form.getByRole('checkbox', { name: 'Keep this token until Vigil quits' }).check();
  }
  await form.getByRole('button', { name: 'Add source' }).click();
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue('');
}

test('each source is added from its address alone, its kind recognised, a key asked only where one is needed', async ({ page }) => {
  await openDashboard(page, dashboard, 'Settings');
  await addSource(page, statusPage.url, /^Status page at 127\.0\.0\.1:\d+: read without a key\.$/, 'GitHub');
  await addSource(page, kuma.url, /^Uptime Kuma at 127\.0\.0\.1:\d+: it is read with an API key\.$/, 'Home Kuma', kuma.apiKey);
  await addSource(page, healthchecks.origin, /^Healthchecks at 127\.0\.0\.1:\d+: it is read with an API key\.$/, 'Cron jobs', healthchecks.readOnlyKey);
  await expect(page.getByRole('article', { name: 'Home Kuma' })).toContainText('Uptime Kuma, read only');
  await expect(page.getByRole('article', { name: 'GitHub' }).getByRole('button', { name: /^Replace/ })).toHaveCount(0);
  // The keys never come back to the page.
  const content = await page.content();
  expect(content).not.toContain(kuma.apiKey);
  expect(content).not.toContain(healthchecks.readOnlyKey);
  await page.getByRole('group', { name: 'Add a source' }).scrollIntoViewIfNeeded();
  await look(page, 'sources-add-light');
});

test('the overview groups the items by source beside this computer, and Sources lists them with their source', async ({ page }) => {
  await openDashboard(page, dashboard, 'Overview');
  await expect(page.getByRole('row', { name: /Webhooks/ }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /Postgres/ }).first()).toContainText('Down');
  await expect(page.getByRole('row', { name: /Nightly backup/ }).first()).toContainText('Late');
  // Counted as what they are: this computer's server, and three sources.
  await expect(page.locator('.page-summary')).toHaveText('1 server and 3 sources, all answering');
  await expect(page.locator('.sidebar-status')).toHaveText('1 server and 3 sources: Down');

  await openView(page, 'Sources');
  await expect(page.getByRole('note').filter({ hasText: 'Vigil only reads these' })).toBeVisible();
  const webhooks = page.getByRole('row', { name: /Webhooks/ });
  await expect(webhooks).toContainText('GitHub · Status page');
  await expect(webhooks).toContainText('Down');
  await expect(page.getByRole('row', { name: /REST API/ })).toContainText('Degraded');
  await expect(page.getByRole('row', { name: /Queue/ })).toContainText('Maintenance');
  // Kuma's own page for its monitor, opened in the browser (here a new tab): http, the very origin configured.
  await expect(page.getByRole('row', { name: /Postgres/ }).getByRole('link', { name: 'Open in Uptime Kuma: Postgres' })).toHaveAttribute('href', `${kuma.url}/dashboard/2`);
  await page.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Home Kuma' });
  await expect(page.getByRole('row', { name: /Webhooks/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Postgres/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'All sources' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await look(page, `sources-list-${scheme}`);
    await openView(page, 'Overview');
    await expect(page.getByRole('row', { name: /Webhooks/ }).first()).toBeVisible();
    await look(page, `sources-overview-${scheme}`);
    await openView(page, 'Sources');
  }
});

test('a problem acknowledged from its row stops counting in the tray until it recovers', async ({ page }) => {
  await openDashboard(page, dashboard, 'Sources');
  const row = page.getByRole('row', { name: /Webhooks/ });
  await row.getByRole('button', { name: "Acknowledge Webhooks: I'm on it" }).click();
  await expect(row).toContainText('Acknowledged');
  const status = await dashboard.fixture.calls.getStatus();
  const entry = status.trayItems.find((each) => each.type === 'item' && each.name === 'Webhooks');
  expect(entry).toMatchObject({ acknowledgedAt: expect.any(Number), label: expect.stringMatching(/\(acknowledged .+\)$/) });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await row.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Read from Status page (GitHub)' })).toBeVisible();
  await look(page, 'sources-item-dark');
  await row.page().getByRole('button', { name: 'Undo acknowledging Webhooks' }).click();
  await expect(page.getByRole('button', { name: "Acknowledge Webhooks: I'm on it" })).toBeVisible();
});

test('a Healthchecks job’s page draws the history Healthchecks keeps of it, and says whose it is', async ({ page }) => {
  await openDashboard(page, dashboard, 'Sources');
  await page.getByRole('link', { name: 'Nightly backup', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nightly backup' })).toBeVisible();
  await page.getByRole('radio', { name: '7 days' }).check();
  await expect(page.getByText('From the history Healthchecks keeps of it.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Problems/ })).toContainText('4 h');
  await look(page, 'sources-history-light');
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await look(page, 'sources-history-dark');
});

test('a source’s checks are copied to This computer after a preview, and a second copy finds nothing left', async ({ page }) => {
  await openDashboard(page, dashboard, 'Settings');
  const card = page.getByRole('article', { name: 'Home Kuma' });
  await card.getByRole('button', { name: 'Copy Home Kuma to This computer' }).click();
  const copy = card.getByRole('group', { name: 'Copy Home Kuma to This computer' });
  await expect(copy.getByRole('button', { name: 'Copy 3 items' })).toBeVisible();
  await expect(copy).toContainText('Monitor “Postgres” → db.internal:5432');
  await copy.scrollIntoViewIfNeeded();
  await look(page, 'sources-copy-light');
  await copy.getByRole('button', { name: 'Copy 3 items' }).click();
  await expect(copy.getByRole('status')).toContainText('Copied. 3 items made on This computer, 0 skipped.');
  const monitors = await dashboard.fixture.calls.listMonitors('local');
  expect(monitors.map((monitor) => [monitor.name, monitor.type, monitor.url])).toEqual(
    expect.arrayContaining([
      ['Shop API', 'http', 'https://shop.example.com/health'],
      ['Postgres', 'tcp', 'db.internal:5432'],
      ['Queue', 'http', 'https://queue.example.com/'],
    ]),
  );
  await copy.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Copy Home Kuma to This computer' }).click();
  await expect(copy).toContainText('There is nothing to copy');
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await look(page, 'sources-copy-dark');
  await copy.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: 'Copy Home Kuma to This computer' })).toBeFocused();
  // A job's heartbeat gets a ping URL of its own on This computer: the report gives it, for the job to use.
  const jobs = page.getByRole('article', { name: 'Cron jobs' });
  await jobs.getByRole('button', { name: 'Copy Cron jobs to This computer' }).click();
  await jobs.getByRole('button', { name: 'Copy 1 item' }).click();
  await expect(jobs.getByRole('status')).toContainText('Copied. 1 item made on This computer');
  await expect(jobs.getByText(/^Its job pings http:\/\/127\.0\.0\.1:\d+\/\S+ from now on\.$/)).toBeVisible();
  await jobs.getByRole('group', { name: 'Copy Cron jobs to This computer' }).scrollIntoViewIfNeeded();
  await look(page, 'sources-copied-dark');
  // A status page's components say nothing of a check: its card offers no copy.
  await expect(page.getByRole('article', { name: 'GitHub' }).getByRole('button', { name: /^Copy/ })).toHaveCount(0);
});

test('a monitor that depends on a status page’s component says so in its row while that is down', async ({ page }) => {
  const { calls } = dashboard.fixture;
  const status = await calls.getStatus();
  // The source's own items: the copy above made a monitor named Postgres on This computer too.
  const keyOf = (name: string) => status.items.find((each) => each.name === name && each.kind === 'source')?.key ?? '';
  await calls.setItemRules(keyOf('Postgres'), { dependsOn: keyOf('Webhooks') });
  await openDashboard(page, dashboard, 'Sources');
  await expect(page.getByRole('row', { name: /Postgres/ })).toContainText('Down (Webhooks down)');
});
