// Connections through the window: a remote server added with a token from `vigil token` (a second, real service
// process) is watched beside this computer; a bad token shows the sign-in-again banner and signing in again clears
// it; a stopped server shows the unreachable banner while a form keeps everything typed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { createOnService, startServiceProcess, tokenFor, type ServiceProcess } from '../../helpers/service-process.ts';
import { openDashboard, openDialog, openView, screenshot, startDashboard, type Dashboard } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());
test.describe.configure({ mode: 'serial' });

let dashboard: Dashboard;
let remoteDir: string;
let remote: ServiceProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dashboard = await startDashboard();
  remoteDir = mkdtempSync(path.join(tmpdir(), 'vigil-remote-'));
  writeFileSync(path.join(remoteDir, 'config.json'), JSON.stringify({ rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json', rdapAllowHttp: true }));
  remote = await startServiceProcess(remoteDir);
  await createOnService(remote, await tokenFor(remoteDir), 'monitors', { name: 'Remote API', type: 'tcp', url: '127.0.0.1:9', frequency: 60 });
});

test.afterAll(async () => {
  await dashboard?.close();
  remote?.child.kill('SIGTERM');
  await remote?.exited;
  rmSync(remoteDir, { recursive: true, force: true });
});

function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

test('a remote server added with a token from `vigil token` is watched beside this computer', async ({ page }) => {
  const token = await tokenFor(remoteDir);
  await openDashboard(page, dashboard, 'Settings');
  const form = page.getByRole('form', { name: 'Add a server' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Staging');
  await form.getByRole('textbox', { name: 'Base URL' }).fill(remote.apiUrl);
  await form.getByLabel('Token', { exact: true }).fill(token);
  // The fixture's secret store lasts for the session (no keychain here), so adding asks for that explicitly.
  await form.getByRole('checkbox', { name: 'Keep this token until Vigil quits' }).check();
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status', { name: 'Connection test result' })).toContainText('Connected: 1 monitor, 0 heartbeats, 0 domains');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(card(page, 'Staging')).toBeVisible();
  await expect(form.getByLabel('Token', { exact: true })).toHaveValue('');
  // The token never comes back to the page.
  expect(await page.content()).not.toContain(token);

  await expect(card(page, 'Staging').getByRole('switch', { name: 'Watch Staging' })).toBeChecked();
  await openView(page, 'Monitors');
  await expect(page.getByRole('row', { name: /Remote API/ })).toContainText('Staging', { timeout: 20_000 });
});

test('a bad token shows the sign-in-again banner; a good one clears it', async ({ page }) => {
  await openDashboard(page, dashboard, 'Settings');
  const staging = card(page, 'Staging');
  await staging.getByRole('button', { name: 'Replace token for Staging' }).click();
  await staging.getByLabel('New token').fill('not-a-real-token');
  await staging.getByRole('button', { name: 'Save token' }).click();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Overview' }).click();
  const banner = page.locator('[data-banner]').filter({ hasText: 'did not accept the saved token' });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner.getByRole('alert')).toHaveText('Staging did not accept the saved token. Sign in again with a new token.');
  await screenshot(page, 'banner-sign-in-again-light');

  await banner.getByRole('button', { name: 'Sign in again' }).click();
  const tokenField = card(page, 'Staging').getByLabel('New token');
  await expect(tokenField).toBeFocused();
  await tokenField.fill(await tokenFor(remoteDir));
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden({ timeout: 30_000 });
});

test('a stopped server shows the unreachable banner, and a failed save keeps what was typed', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page, dashboard);
  remote.child.kill('SIGTERM');
  await remote.exited;
  await page.getByRole('button', { name: 'Refresh now' }).click();
  const banner = page.locator('[data-banner]').filter({ hasText: 'Vigil cannot reach Staging' });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner.getByRole('button', { name: 'Try again' })).toBeVisible();
  await screenshot(page, 'banner-unreachable-light');

  await openView(page, 'Monitors');
  const dialog = await openDialog(page, 'New monitor', 'New monitor');
  await dialog.getByRole('combobox', { name: 'Server' }).selectOption({ label: 'Staging' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Added while offline');
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://offline.example/health');
  await dialog.getByRole('button', { name: 'Create monitor' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/reach|connect/i, { timeout: 60_000 });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Added while offline');
  await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveValue('https://offline.example/health');
  await expect(page.getByRole('row', { name: /Added while offline/ })).toBeHidden();
  await screenshot(page, 'form-kept-while-unreachable-light');
});
