// Notices and unsaved edits in Chromium against the real core and service. An alert shown in the page sits at
// the foot of the main column, never over the page (the item page's "Change rules" and header buttons stay
// clear), says its age, and goes once the item is up again. Leaving Settings with unsaved quiet hours — by the
// sidebar or the browser's Back — asks "Save / Discard / Keep editing"; Save saves them and moves on.
import { expect, test, type Locator } from '@playwright/test';
import { startTcpTarget } from '../../helpers/local-targets.ts';
import { dashboardForFile, openDashboard, openView, screenshot, seriousViolations, startedForFile } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
const target = startedForFile(startTcpTarget);

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not on screen');
  return box;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('an alert notice on the item page covers none of its controls, says its age, and goes when the item is up again', async ({ page }) => {
  test.setTimeout(120_000);
  const monitor = await dashboard.fixture.calls.createMonitor('local', { name: 'Cache', type: 'tcp', url: target.current.hostPort, frequency: 10 });
  await openDashboard(page, dashboard);
  await page.goto(`${dashboard.server.origin}/#/item/${encodeURIComponent(`local/monitor:${monitor.id}`)}`);
  const changeRules = page.getByRole('button', { name: 'Change rules' });
  await expect(changeRules).toBeVisible();
  await expect(page.locator('.item-state')).toContainText('Up', { timeout: 30_000 });

  await target.current.setUp(false);
  const notice = page.locator('.notice').filter({ hasText: 'Cache is down' });
  await expect(notice.getByRole('alert')).toBeVisible({ timeout: 45_000 });
  await expect(notice).toContainText('just now');

  // In the layout, below the view: nothing of the page is under it, wherever the page is scrolled.
  const view = await boxOf(page.locator('.view-item'));
  const noticeBox = await boxOf(notice);
  expect(noticeBox.y).toBeGreaterThanOrEqual(view.y + view.height - 1);
  await changeRules.scrollIntoViewIfNeeded();
  expect(overlaps(noticeBox, await boxOf(changeRules))).toBe(false);
  for (const button of await page.locator('.page-header button').all()) expect(overlaps(noticeBox, await boxOf(button))).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `item-page-notice-${scheme}`);
  }

  await target.current.setUp(true);
  await expect(notice).toHaveCount(0, { timeout: 45_000 });
});

test('leaving Settings with unsaved quiet hours asks first; Save saves them and moves on', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page, dashboard);
  // Overview, then Settings: Back has a view to return to.
  await openView(page, 'Overview');
  await openView(page, 'Settings');
  const section = page.getByRole('region', { name: 'Quiet hours' });
  await section.getByRole('checkbox', { name: 'Turn on quiet hours' }).check();
  await expect(section.getByText('Not saved yet')).toBeVisible();

  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Monitors' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Save your changes to Quiet hours?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `unsaved-changes-prompt-${scheme}`);
  }
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The browser's Back asks too, and the address stays on Settings meanwhile.
  await page.goBack();
  await expect(prompt).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/settings');
  await prompt.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeHidden();
  expect((await dashboard.fixture.calls.getSettings()).quietHours.enabled).toBe(true);
});
