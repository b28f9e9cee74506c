// Monitors through the window against the real core and service: create, read, update, delete; a local target
// taken down shows the monitor down in the overview and raises an alert.
import { expect, test } from '@playwright/test';
import { startTcpTarget } from '../../helpers/local-targets.ts';
import { dashboardForFile, deleteAndConfirm, openDashboard, openDialog, startedForFile } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
const target = startedForFile(startTcpTarget);

test('create, read, update and delete a monitor through the window', async ({ page }) => {
  await openDashboard(page, dashboard, 'Monitors');
  await expect(page.getByRole('heading', { name: 'No monitors yet' })).toBeVisible();

  // Create, keyboard only: the form opens focused on Name, Enter submits.
  const dialog = await openDialog(page, 'Create your first monitor', 'New monitor');
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
  await edit.getByRole('textbox', { name: 'Host and port' }).fill(target.current.hostPort);
  await edit.getByRole('textbox', { name: 'Name' }).fill('Shop database');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Shop database/ })).toContainText(target.current.hostPort);
  expect(await dashboard.fixture.calls.listMonitors('local')).toMatchObject([{ id: created[0]?.id, name: 'Shop database', type: 'tcp', url: target.current.hostPort, frequency: 300 }]);

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
  await deleteAndConfirm(page, page.getByRole('button', { name: 'Delete Shop database' }), 'monitor');
  await expect(page.getByRole('row', { name: /Shop database/ })).toBeHidden();
  await expect.poll(() => dashboard.fixture.calls.listMonitors('local')).toEqual([]);
});

test('a local target taken down shows its monitor down in the overview, with an alert', async ({ page }) => {
  await dashboard.fixture.calls.createMonitor('local', { name: 'Cache', type: 'tcp', url: target.current.hostPort, frequency: 10 });
  await openDashboard(page, dashboard);
  await expect(page.getByRole('table', { name: 'Everything else' }).getByRole('row', { name: /Cache/ })).toContainText('Up', { timeout: 30_000 });

  await target.current.setUp(false);
  const attention = page.getByRole('table', { name: 'Needs attention' });
  await expect(attention.getByRole('row', { name: /Cache/ })).toContainText('Down', { timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Something is down' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Cache' })).toBeVisible();

  // The overview's link opens the monitor in its list.
  await attention.getByRole('button', { name: 'Cache' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
  await expect(page.locator('.row-highlight')).toContainText('Cache');
  await target.current.setUp(true);
});
