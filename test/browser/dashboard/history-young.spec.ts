// A monitor created moments ago, through the real core and service in Chromium: its uptime cards count from its
// creation and say so ("since 13:38 (3 min)"), never "Not watched for 90 d"; its timeline and response-time chart
// span its life rather than a day it was mostly not there for; and a monitor only ever Unknown shows no percentage,
// on its page or in the list. Light and dark at 1280 px, axe-clean, with screenshots to look at.
import { expect, test, type Page } from '@playwright/test';
import { startTcpTarget, type TcpTarget } from '../../helpers/local-targets.ts';
import { dashboardForFile, openDashboard, openView, screenshot, seriousViolations } from './dashboard-fixture.ts';

// A failed check is confirmed as down only after 100 in a row: the closed port's monitor stays Unknown.
const dashboard = dashboardForFile({ failuresToConfirmDown: 100 });
let target: TcpTarget;

/** "since 13:38 (12 s)", "since 1:38 PM (3 min)": the clock time in the page's locale, then the age. */
const sinceCreation = /since \d{1,2}:\d{2}(\s?[AP]M)? \(\d+ (s|min)\)/;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  target = await startTcpTarget();
  const { calls } = dashboard.fixture;
  await calls.createMonitor('local', { name: 'Fresh cache', type: 'tcp', url: target.hostPort, frequency: 10 });
  await calls.createMonitor('local', { name: 'Never known', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Fresh cache' && item.state === 'up'), 45_000);
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Never known' && item.state === 'unknown'), 45_000);
});

test.afterAll(async () => {
  await target?.close();
});

async function openItem(page: Page, name: string): Promise<void> {
  await openView(page, 'Monitors');
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uptime' })).toBeVisible({ timeout: 20_000 });
}

/** The uptime card of a window, by its name ("Past 90 days"). */
const card = (page: Page, window: string) => page.getByRole('region', { name: 'Uptime' }).getByRole('listitem').filter({ hasText: window });

test('a new monitor’s cards, timeline and chart count from its creation, and say since when', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page, dashboard);
  await openItem(page, 'Fresh cache');

  for (const window of ['Past 24 hours', 'Past 90 days']) {
    await expect(card(page, window)).toContainText(sinceCreation, { timeout: 20_000 });
    await expect(card(page, window)).toContainText('when it was created');
    await expect(card(page, window)).not.toContainText('Not watched');
  }
  await expect(card(page, 'Past 90 days').locator('.uptime-value')).toHaveText(/^(100 %|No data yet)$/);

  // The timeline spans the monitor's life, and its heading says so.
  const timeline = page.getByRole('region', { name: /^Status over the past 24 hours, since / });
  await expect(timeline).toBeVisible();
  await expect(timeline.locator('.timeline-ends')).toContainText('Created ');
  await expect(timeline.locator('.timeline-bar.state-gap')).toHaveCount(0);

  // The chart's time axis spans the monitor's life (seconds here), not a day, and its one step is drawn on it.
  const chart = page.locator('.chart[data-drawn]');
  await expect(chart).toBeAttached({ timeout: 20_000 });
  expect(Number(await chart.getAttribute('data-drawn'))).toBeLessThan(5 * 60_000);
  await expect(page.getByRole('region', { name: 'Response times' })).toContainText(/Average response time since .*: [\d,]+ ms\./);
});

test('a monitor only ever Unknown shows no percentage, on its page or in the list', async ({ page }) => {
  await openDashboard(page, dashboard);
  await openItem(page, 'Never known');
  for (const window of ['Past 24 hours', 'Past 7 days', 'Past 30 days', 'Past 90 days']) {
    await expect(card(page, window).locator('.uptime-value')).toHaveText('No data yet');
    await expect(card(page, window)).not.toContainText('%');
    await expect(card(page, window)).not.toContainText('Not watched');
  }

  await openView(page, 'Monitors');
  const row = page.getByRole('row', { name: /Never known/ });
  await expect(row.locator('.uptime-cell')).toBeVisible({ timeout: 20_000 });
  await expect(row.locator('.uptime-cell')).not.toContainText('%');
  await expect(row.locator('.uptime-cell')).toContainText('No data yet');
  // The new monitor's bar draws only its life: the day before it was created is no part of it. The list reads its
  // bars when it opens: the moment the monitor first answered (which the live stream shows at once) its slot was
  // mostly not yet checked, so it is opened again until that slot has been up for most of its life.
  const bar = page.getByRole('row', { name: /Fresh cache/ }).getByRole('img', { name: /since it was created: 1 up\.$/ });
  await expect(async () => {
    await openView(page, 'Overview');
    await openView(page, 'Monitors');
    await expect(bar).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a new monitor’s page in ${scheme}: no serious accessibility violations, and screenshots`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard);
    await openItem(page, 'Fresh cache');
    await expect(page.locator('.chart[data-drawn]')).toBeAttached({ timeout: 20_000 });
    await screenshot(page, `item-young-monitor-${scheme}`);
    expect(await seriousViolations(page), `new monitor in ${scheme}`).toEqual([]);
    await page.getByRole('region', { name: 'Response times' }).scrollIntoViewIfNeeded();
    await screenshot(page, `item-young-monitor-chart-${scheme}`);

    await openItem(page, 'Never known');
    await screenshot(page, `item-never-known-${scheme}`);
    expect(await seriousViolations(page), `unknown monitor in ${scheme}`).toEqual([]);

    await openView(page, 'Monitors');
    await expect(page.getByRole('row', { name: /Fresh cache/ }).locator('.uptime-bar')).toBeVisible({ timeout: 20_000 });
    await screenshot(page, `monitors-young-${scheme}`);
  });
}
