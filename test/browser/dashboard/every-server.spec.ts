// Every server at once, end to end in Chromium: the real core watching this computer (local mode) and two real
// `vigil service` processes with their own tokens. A monitor down on one shows in the overview under its server;
// then one stopped, one whose token was revoked and one healthy show three different situations at once, each in
// its own group (an unreachable banner, a sign-in banner, and none). Light and dark, axe-clean, screenshots.
import { expect, test, type Page } from '@playwright/test';
import { startOtherServer, tempDirs, type OtherServer } from '../../core/app/core-fixture.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { tokenFor } from '../../helpers/service-process.ts';
import { openDashboard, screenshot, seriousViolations, startDashboard, type Dashboard } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());
test.describe.configure({ mode: 'serial' });

let dashboard: Dashboard;
let website: HttpTarget;
let foreignDirs: ReturnType<typeof tempDirs>;
let work: OtherServer;
let side: OtherServer;
let workId: string;
let sideId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // One failed check confirms "down", so the test need not wait for a second.
  foreignDirs = tempDirs();
  [dashboard, work, side, website] = await Promise.all([startDashboard(), startOtherServer({ failuresToConfirmDown: 1 }), startOtherServer(), startHttpTarget()]);
  const { calls } = dashboard.fixture;
  workId = (await calls.addRemoteConnection({ name: 'Work', baseUrl: work.apiUrl, token: work.token })).id;
  sideId = (await calls.addRemoteConnection({ name: 'Side project', baseUrl: side.apiUrl, token: side.token })).id;
  await calls.createMonitor('local', { name: 'Laptop web', type: 'http', url: `${website.url}/`, frequency: 300 });
  await calls.createHeartbeat(sideId, { name: 'Nightly export', expected_interval: 86_400 });
});

test.afterAll(async () => {
  await dashboard?.close();
  await Promise.all([work?.close(), side?.close(), website?.close()]);
  foreignDirs?.remove();
});

const group = (page: Page, name: string) => page.locator('.server-group').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} `) }) });

test('a monitor down on one server shows in the overview under that server', async ({ page }) => {
  // Nothing listens on port 9 of loopback: the check fails at once.
  await dashboard.fixture.calls.createMonitor(workId, { name: 'Checkout API', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  await openDashboard(page, dashboard);
  const attentionOnWork = group(page, 'Work').getByRole('table', { name: 'Needs attention on Work' });
  await expect(attentionOnWork.getByRole('row', { name: /Checkout API/ })).toContainText('Down', { timeout: 45_000 });
  await expect(group(page, 'Work').getByRole('heading', { level: 2 })).not.toHaveText(/All up/);
  // Only under Work: no other group lists it.
  await expect(page.locator('.server-group').getByRole('row', { name: /Checkout API/ })).toHaveCount(1);
  await expect(group(page, 'Side project').getByRole('row', { name: /Nightly export/ })).toBeVisible();
  await expect(page.locator('.sidebar-status')).toHaveText(/^3 servers: /);
  await screenshot(page, 'every-server-down-light');
});

test('one stopped, one with a revoked token and one healthy: three situations at once, each in its own group', async ({ page }) => {
  test.setTimeout(120_000);
  // A token the Side project's service never issued (from another data dir), as after its key was replaced.
  await dashboard.fixture.secrets.set(sideId, await tokenFor(foreignDirs.dataDir));
  await work.stop();
  await openDashboard(page, dashboard);
  await page.getByRole('button', { name: 'Refresh now' }).click();

  const unreachable = group(page, 'Work').locator('[data-banner="unreachable"]');
  await expect(unreachable).toContainText('Vigil cannot reach Work.', { timeout: 45_000 });
  await expect(unreachable.getByRole('button', { name: 'Try again' })).toBeVisible();
  const signIn = group(page, 'Side project').locator('[data-banner="token-rejected"]');
  await expect(signIn.getByRole('alert')).toHaveText('Side project did not accept the saved token. Sign in again with a new token.', { timeout: 45_000 });
  await expect(group(page, 'This computer').locator('[data-banner]')).toHaveCount(0);
  await expect(group(page, 'This computer').getByRole('heading', { level: 2 })).toHaveText(/All up/);
  // Each banner is its own server's: none above the groups, none repeated in another group.
  await expect(page.locator('main > .banners [data-banner]')).toHaveCount(0);
  await expect(page.locator('[data-banner="unreachable"]')).toHaveCount(1);
  await expect(page.locator('[data-banner="token-rejected"]')).toHaveCount(1);
  // What Work last said stays shown under it.
  await expect(group(page, 'Work').getByRole('row', { name: /Checkout API/ })).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await screenshot(page, `every-server-three-situations-${scheme}`);
    expect(await seriousViolations(page), `three situations in ${scheme}`).toEqual([]);
  }

  // "Sign in again" leads to that server's token field.
  await signIn.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByRole('article', { name: 'Side project' }).getByLabel('New token')).toBeFocused();
});
