// Heartbeats, domains and notification handlers through the window against the real core and service: each
// created, read (in its list, after the server answered) and deleted.
import { expect, test } from '@playwright/test';
import { dashboardForFile, deleteAndConfirm, openDashboard, openDialog, openView } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();

test('heartbeats: create with an interval in hours, ping it from the URL the window shows, delete', async ({ page }) => {
  await openDashboard(page, dashboard, 'Heartbeats');
  const form = await openDialog(page, 'Create your first heartbeat', 'New heartbeat');
  await form.getByRole('textbox', { name: 'Name' }).fill('Nightly backup');
  await form.getByRole('textbox', { name: 'Expected every: amount' }).fill('2');
  await form.getByRole('combobox', { name: 'Expected every: unit' }).selectOption('hours');
  await form.getByRole('button', { name: 'Create heartbeat' }).click();

  // Created: the ping URL opens straight away, with a crontab line for the interval.
  const details = page.getByRole('dialog', { name: 'Ping URL for Nightly backup' });
  const pingUrl = await details.getByRole('textbox', { name: 'Ping URL' }).inputValue();
  expect(pingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ping\/[\w-]+$/);
  await expect(details.getByRole('textbox', { name: 'Crontab line' })).toHaveValue(`0 */2 * * * /path/to/job && curl -fsS -m 10 --retry 3 ${pingUrl} > /dev/null`);
  await page.keyboard.press('Escape');
  expect(await dashboard.fixture.calls.listHeartbeats('local')).toMatchObject([{ name: 'Nightly backup', expected_interval: 7200, ping_url: pingUrl }]);

  const row = page.getByRole('row', { name: /Nightly backup/ });
  await expect(row).toContainText('2 h');
  await expect(row).toContainText('Waiting');
  expect((await fetch(pingUrl, { method: 'POST' })).status).toBeLessThan(300);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await openView(page, 'Heartbeats');
  await expect(row).toContainText('Up', { timeout: 20_000 });
  await expect(row).toContainText('in 2 h');

  await deleteAndConfirm(page, row.getByRole('button', { name: 'Delete Nightly backup' }), 'heartbeat');
  await expect(row).toBeHidden();
  await expect.poll(() => dashboard.fixture.calls.listHeartbeats('local')).toEqual([]);
});

test('domains: add one typed in Unicode, see that its expiry could not be looked up, delete', async ({ page }) => {
  await openDashboard(page, dashboard, 'Domains');
  const form = await openDialog(page, 'Add your first domain', 'Add domain');
  await form.getByRole('textbox', { name: 'Domain' }).fill('not a domain');
  await form.getByRole('button', { name: 'Add domain' }).click();
  await expect(form.getByRole('textbox', { name: 'Domain' })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Domain' }).fill('bücher.example');
  await expect(form.getByText('xn--bcher-kva.example')).toBeVisible();
  await form.getByRole('button', { name: 'Add domain' }).click();
  await expect(form).toBeHidden();

  // Listed as people write it; sent and stored in its ASCII form.
  const row = page.getByRole('row', { name: /bücher\.example/ });
  await expect(row).toBeVisible();
  expect(await dashboard.fixture.calls.listDomains('local')).toMatchObject([{ domain: 'xn--bcher-kva.example' }]);
  // This test's service has no registry to ask: the window says so, and why, instead of showing nothing.
  await expect(row).toContainText('Lookup failed', { timeout: 20_000 });
  await expect(page.getByRole('note')).toContainText('could not load the list of registries');

  await deleteAndConfirm(page, row.getByRole('button', { name: /Delete/ }), 'domain');
  await expect(row).toBeHidden();
  await expect.poll(() => dashboard.fixture.calls.listDomains('local')).toEqual([]);
});

test('notification handlers: email and webhook with their destinations checked, listed, deleted', async ({ page }) => {
  await openDashboard(page, dashboard, 'Notification handlers');
  let form = await openDialog(page, 'Create your first handler', 'New notification handler');
  await form.getByRole('textbox', { name: 'Name' }).fill('On-call');
  await form.getByRole('combobox', { name: 'Type' }).selectOption('email');
  await form.getByRole('textbox', { name: 'Email address' }).fill('oncall-at-example.com');
  await form.getByRole('button', { name: 'Create handler' }).click();
  await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Email address' }).fill('oncall@example.com');
  await form.getByRole('button', { name: 'Create handler' }).click();
  await expect(form).toBeHidden();

  form = await openDialog(page, 'New handler', 'New notification handler');
  await form.getByRole('textbox', { name: 'Name' }).fill('Chat');
  await form.getByRole('combobox', { name: 'Type' }).selectOption('webhook');
  await form.getByRole('textbox', { name: 'Webhook URL' }).fill('https://chat.example.com/hooks/vigil');
  await form.getByRole('button', { name: 'Create handler' }).click();
  await expect(form).toBeHidden();

  // Read back from the server, not just the page's own copy.
  await page.reload();
  await expect(page.getByRole('row', { name: /On-call/ })).toContainText('oncall@example.com');
  await expect(page.getByRole('row', { name: /Chat/ })).toContainText('https://chat.example.com/hooks/vigil');
  expect(await dashboard.fixture.calls.listNotificationHandlers('local')).toHaveLength(2);

  await deleteAndConfirm(page, page.getByRole('button', { name: 'Delete On-call' }), 'handler');
  await expect(page.getByRole('row', { name: /On-call/ })).toBeHidden();
  await expect.poll(async () => (await dashboard.fixture.calls.listNotificationHandlers('local')).map((handler) => handler.name)).toEqual(['Chat']);
});
