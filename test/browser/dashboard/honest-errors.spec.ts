// Errors in the user's terms, seen in Chromium against the real core and its real service: the forms' own checks
// (a web address, lengths of time in the units typed, no silent rounding), a duplicate domain refused by the service
// (409) by its name, a domain whose registry cannot be reached saying why, and a heartbeat's page listing every
// ping it was sent. Screenshots light and dark at 1280 px in test-results/screenshots.
import { expect, test } from '@playwright/test';
import { dashboardForFile, look, openDashboard, openDialog, openView } from './dashboard-fixture.ts';

// `.invalid` never resolves: the registry list cannot be reached, as on a computer without DNS.
const dashboard = dashboardForFile({ rdapBootstrapUrl: 'https://data.invalid/rdap/dns.json', rdapAllowHttp: false });
let pingUrl: string;

test.beforeAll(async () => {
  const { calls } = dashboard.fixture;
  await calls.createDomain('local', { domain: 'xn--bcher-kva.example' });
  pingUrl = (await calls.createHeartbeat('local', { name: 'Backup', expected_interval: 3600 })).ping_url ?? '';
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.kind === 'domain' && item.detail.startsWith('Expiry not known —')), 30_000);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`form errors in the user's terms, in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard, 'Monitors');
    const monitorForm = await openDialog(page, 'New monitor', 'New monitor');
    await monitorForm.getByRole('textbox', { name: 'Name' }).fill('Shop');
    await monitorForm.getByRole('textbox', { name: 'URL' }).fill('not a url');
    await monitorForm.getByRole('textbox', { name: 'Check every: amount' }).fill('9.5');
    await monitorForm.getByRole('combobox', { name: 'Check every: unit' }).selectOption('seconds');
    await monitorForm.getByRole('button', { name: 'Create monitor' }).click();
    await expect(monitorForm.getByText('Must be a full web address, like https://example.com.')).toBeVisible();
    await expect(monitorForm.getByText('Must be a whole number of seconds.')).toBeVisible();
    await look(page, `monitor-form-terms-${scheme}`);
    await page.keyboard.press('Escape');

    await openView(page, 'Heartbeats');
    const heartbeatForm = await openDialog(page, 'New heartbeat', 'New heartbeat');
    await heartbeatForm.getByRole('textbox', { name: 'Expected every: amount' }).fill('400');
    await heartbeatForm.getByRole('combobox', { name: 'Expected every: unit' }).selectOption('days');
    await heartbeatForm.getByRole('button', { name: 'Create heartbeat' }).click();
    await expect(heartbeatForm.getByText('Must be between 10 seconds and 366 days.')).toBeVisible();
    await heartbeatForm.getByRole('textbox', { name: 'Expected every: amount' }).fill('0.0001');
    await heartbeatForm.getByRole('combobox', { name: 'Expected every: unit' }).selectOption('hours');
    await expect(heartbeatForm.getByText('Must come to whole seconds: 0.0001 hours is 0.36 seconds.')).toBeVisible();
    await look(page, `heartbeat-form-terms-${scheme}`);
    await page.keyboard.press('Escape');

    // The service answers 409; the form says which domain, as it was typed.
    await openView(page, 'Domains');
    const domainForm = await openDialog(page, 'Add domain', 'Add domain');
    await domainForm.getByRole('textbox', { name: 'Domain' }).fill('bücher.example');
    await domainForm.getByRole('button', { name: 'Add domain' }).click();
    await expect(domainForm.getByRole('alert')).toHaveText('bücher.example is already watched.');
    await look(page, `domain-form-duplicate-${scheme}`);
    await domainForm.getByRole('button', { name: 'Cancel' }).click();
  });

  test(`a domain whose registry cannot be reached says why, in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard, 'Domains');
    const reason = /could not load the list of registries: could not reach data\.invalid \((host not found|DNS lookup failed.*)\)/;
    await expect(page.getByRole('note')).toContainText(reason);
    await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: 'bücher.example' }) })).toContainText('Lookup failed');
    await look(page, `domains-lookup-failed-${scheme}`);

    await page.getByRole('link', { name: 'bücher.example' }).click();
    const lookup = page.getByRole('region', { name: 'Latest lookup' });
    await expect(lookup).toContainText(reason);
    await expect(lookup).toContainText('The expiry date is not known until a lookup succeeds');
    await look(page, `domain-page-lookup-failed-${scheme}`);
  });
}

test('a heartbeat pinged five times lists five pings on its page, without waiting for a change of state', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page, dashboard, 'Heartbeats');
  await page.getByRole('link', { name: 'Backup' }).click();
  const pings = page.getByRole('region', { name: 'Recent pings' });
  // The first ping turns it from waiting to up; the four after it change no state.
  await fetch(pingUrl, { method: 'POST' });
  await expect(pings.getByRole('row')).toHaveCount(2, { timeout: 25_000 });
  for (let ping = 0; ping < 4; ping++) await fetch(pingUrl, { method: 'POST' });
  // The next poll (every 10 s here) brings the new last ping, and with it the list; the page's own minute is longer.
  await expect(pings.getByRole('row')).toHaveCount(6, { timeout: 25_000 });
});
