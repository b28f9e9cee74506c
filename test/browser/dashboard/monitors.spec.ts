// Monitors through the window against the real core and service: create, read, update, delete; a local target
// taken down shows the monitor down in the overview and raises an alert.
import { expect, test } from '@playwright/test';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { startTcpTarget, type TcpTarget } from '../../helpers/local-targets.ts';
import { openDashboard, openView, startDashboard, type Dashboard } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());
test.describe.configure({ mode: 'serial' });

let dashboard: Dashboard;
let target: TcpTarget;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dashboard = await startDashboard();
  target = await startTcpTarget();
});

test.afterAll(async () => {
  await dashboard?.close();
  await target?.close();
});

test('create, read, update and delete a monitor through the window', async ({ page }) => {
  test.setTimeout(90_000);
  await openDashboard(page, dashboard);
  await openView(page, 'Monitors');
  await expect(page.getByRole('heading', { name: 'No monitors yet' })).toBeVisible();

  // Create, keyboard only: the form opens focused on Name, Enter submits.
  await page.getByRole('button', { name: 'Create your first monitor' }).click();
  const dialog = page.getByRole('dialog', { name: 'New monitor' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Shop');
  await dialog.getByRole('textbox', { name: 'URL' }).fill('ftp://shop.example');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Must start with http:// or https://, like https://example.com.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://shop.example/health');
  await dialog.getByRole('textbox', { name: 'Check every: amount' }).fill('5');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Shop/ });
  await expect(row).toContainText('every 5 min');
  const created = await dashboard.fixture.calls.listMonitors('local');
  expect(created).toMatchObject([{ name: 'Shop', type: 'http', url: 'https://shop.example/health', frequency: 300 }]);

  // Update: the form opens with the saved values; the server gets the whole object.
  await row.getByRole('button', { name: 'Edit Shop' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Shop' });
  await expect(edit.getByRole('textbox', { name: 'URL' })).toHaveValue('https://shop.example/health');
  await edit.getByRole('combobox', { name: 'Type' }).selectOption('tcp');
  await edit.getByRole('textbox', { name: 'Host and port' }).fill(target.hostPort);
  await edit.getByRole('textbox', { name: 'Name' }).fill('Shop database');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Shop database/ })).toContainText(target.hostPort);
  expect(await dashboard.fixture.calls.listMonitors('local')).toMatchObject([{ id: created[0]?.id, name: 'Shop database', type: 'tcp', url: target.hostPort, frequency: 300 }]);

  // Read after a reload: the list comes back from the server, with the remembered list state.
  await page.getByRole('searchbox', { name: 'Search' }).fill('database');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('database');
  await expect(page.getByRole('row', { name: /Shop database/ })).toBeVisible();

  // Delete: asks first; Escape keeps it, confirming removes it.
  await page.getByRole('button', { name: 'Delete Shop database' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete Shop database?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(page.getByRole('row', { name: /Shop database/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Shop database' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete monitor' }).click();
  await expect(page.getByRole('row', { name: /Shop database/ })).toBeHidden();
  await expect.poll(() => dashboard.fixture.calls.listMonitors('local')).toEqual([]);
});

test('a local target taken down shows its monitor down in the overview, with an alert', async ({ page }) => {
  test.setTimeout(90_000);
  await dashboard.fixture.calls.createMonitor('local', { name: 'Cache', type: 'tcp', url: target.hostPort, frequency: 10 });
  await openDashboard(page, dashboard);
  await expect(page.getByRole('table', { name: 'Everything else' }).getByRole('row', { name: /Cache/ })).toContainText('Up', { timeout: 30_000 });

  await target.setUp(false);
  const attention = page.getByRole('table', { name: 'Needs attention' });
  await expect(attention.getByRole('row', { name: /Cache/ })).toContainText('Down', { timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Something is down' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Cache' })).toBeVisible();

  // The overview's link opens the monitor in its list.
  await attention.getByRole('button', { name: 'Cache' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
  await expect(page.locator('.row-highlight')).toContainText('Cache');
  await target.setUp(true);
});
