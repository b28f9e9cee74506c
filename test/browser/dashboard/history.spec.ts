// History through the window against the real core and service: a local target's monitor with its 24-hour column
// in the list, its page (the response-time chart drawn on a real canvas, the timeline, the incident after the
// target went down, keyboard use of the window picker, the history saved as CSV and JSON), the overview's feed
// marking what is new since the last look, and the configuration exported from one server and imported into
// another.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { startTcpTarget, type TcpTarget } from '../../helpers/local-targets.ts';
import { dashboardForFile, openDashboard, openView, startDashboard } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
let target: TcpTarget;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  target = await startTcpTarget();
  const { calls } = dashboard.fixture;
  await calls.createMonitor('local', { name: 'Cache', type: 'tcp', url: target.hostPort, frequency: 10 });
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Cache' && item.state === 'up'), 45_000);
  // Down for a while, then up again: an incident with a start and an end, and events to show.
  await target.setUp(false);
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Cache' && item.state === 'down'), 45_000);
  await target.setUp(true);
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Cache' && item.state === 'up'), 45_000);
});

test.afterAll(async () => {
  await target?.close();
});

async function savedText(download: Download): Promise<string> {
  const file = await download.path();
  return readFile(file, 'utf8');
}

/** Pixels of the chart's canvas in the colour of the average's line (a line or the dot of a lone step). */
function averagePixels(page: Page): Promise<number> {
  return page.locator('.chart').evaluate((chart) => {
    const canvas = chart.querySelector('canvas');
    const context = canvas?.getContext('2d');
    const hex = getComputedStyle(chart).getPropertyValue('--chart-average').trim();
    if (canvas === null || context === null || context === undefined || !/^#[0-9a-f]{6}$/i.test(hex)) return 0;
    const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    for (let index = 0; index < data.length; index += 4) {
      const distance = Math.abs((data[index] ?? 0) - (red ?? 0)) + Math.abs((data[index + 1] ?? 0) - (green ?? 0)) + Math.abs((data[index + 2] ?? 0) - (blue ?? 0));
      if ((data[index + 3] ?? 0) > 200 && distance < 60) drawn += 1;
    }
    return drawn;
  });
}

test('the monitors list shows each monitor’s uptime and status bar for the past 24 hours', async ({ page }) => {
  await openDashboard(page, dashboard, 'Monitors');
  await expect(page.getByRole('columnheader', { name: 'Uptime 24 h' })).toBeVisible();
  const row = page.getByRole('row', { name: /Cache/ });
  await expect(row.getByRole('img', { name: /^Past 24 h in .* steps, since it was created: .*down/ })).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(/\d+(\.\d+)? %/);
  await expect(row.locator('rect.slot-down')).not.toHaveCount(0);
  await expect(page.getByText('The bars show the past 24 hours:')).toBeVisible();
});

test('the item page: state, uptime, chart, timeline, the incident, checks and events, by keyboard too', async ({ page }) => {
  await openDashboard(page, dashboard, 'Monitors');
  await page.getByRole('row', { name: /Cache/ }).getByRole('link', { name: 'Cache' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cache' })).toBeFocused();
  expect(page.url()).toContain('#/item/local%2Fmonitor%3A');
  await expect(page.locator('.item-state')).toContainText(/Up for (at least )?\d/);

  await expect(page.getByRole('region', { name: 'Uptime' })).toContainText('Past 24 hours');
  // The chart: uPlot's canvas, with the average's line (or the dot of a lone step) drawn on it.
  await expect(page.locator('.chart[data-drawn]')).toBeAttached({ timeout: 20_000 });
  // Asked until drawn: the chart may be drawn first with the points it had, and again as the rest arrive.
  await expect.poll(() => averagePixels(page), { timeout: 10_000 }).toBeGreaterThan(10);
  // The monitor was created minutes ago: its chart and words are of its life so far (history-young.spec.ts).
  await expect(page.getByRole('region', { name: 'Response times' })).toContainText(/Average response time since .*: [\d,]+ ms\./);

  const timeline = page.getByRole('region', { name: 'Status over the past 24 hours' });
  await expect(timeline.locator('.timeline-bar.state-critical')).not.toHaveCount(0);
  await expect(timeline.getByRole('list', { name: 'Legend' })).toContainText('Down');
  await expect(timeline.getByRole('list', { name: 'Stretches that were not up' })).toContainText(/Down from /);

  const incidents = page.getByRole('region', { name: /^Incidents \(\d+\)$/ });
  await expect(incidents.getByRole('row')).not.toHaveCount(1);
  await expect(incidents.getByRole('row').nth(1)).toContainText(/\d+ (s|min)/);
  await expect(page.getByRole('region', { name: 'Recent checks' }).getByRole('row', { name: /Down/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();

  // Keyboard only: the window picker is a radio group.
  await page.getByRole('radio', { name: '24 hours' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Status over the past 7 days' })).toBeVisible();
  // Tab leaves the group for the next control: the chart's numbers, opened with Enter.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show the numbers as a table' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Response times as numbers' })).toBeVisible();

  // Back and forward follow the page's own address.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Cache' })).toBeVisible();
});

test('the item page saves its history as CSV and JSON files', async ({ page }) => {
  await openDashboard(page, dashboard, 'Monitors');
  await page.getByRole('link', { name: 'Cache' }).click();
  await expect(page.getByRole('region', { name: 'Uptime' })).toBeVisible({ timeout: 20_000 });

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await savedText(csv);
  const [header, ...lines] = csvText.trim().split(/\r?\n/);
  expect(header).toContain(',');
  expect(lines.length).toBeGreaterThan(0);
  expect(csvText).toMatch(/down/i);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const parsed: unknown = JSON.parse(await savedText(json));
  expect(JSON.stringify(parsed)).toContain('Cache');
});

test('the overview’s feed lists what happened, marking what is new since the last look', async ({ page }) => {
  await openDashboard(page, dashboard);
  const feed = page.getByRole('list', { name: 'Recent events' });
  await expect(feed.getByRole('listitem').filter({ hasText: 'Cache' }).first()).toBeVisible({ timeout: 20_000 });
  // Looked at now; then something happens while the user is elsewhere.
  await openView(page, 'Monitors');
  await target.setUp(false);
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Cache' && item.state === 'down'), 45_000);
  await openView(page, 'Overview');
  const fresh = feed.getByRole('listitem').filter({ hasText: 'New' }).filter({ hasText: 'Cache' });
  await expect(fresh.first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^\d+ new events? since you last looked, at /)).toBeVisible();
  // An event leads to its item's page.
  await fresh.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cache' })).toBeVisible();
  await target.setUp(true);
  await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Cache' && item.state === 'up'), 45_000);
});

test('the configuration exported from one server imports into another, after a dry run', async ({ page }) => {
  test.setTimeout(120_000);
  await dashboard.fixture.calls.createHeartbeat('local', { name: 'Nightly backup', expected_interval: 86_400 });
  await dashboard.fixture.calls.createNotificationHandler('local', { name: 'On-call email', type: 'email', destination: 'oncall@example.com' });
  await openDashboard(page, dashboard, 'Settings');
  const data = page.getByRole('region', { name: 'Your data' });
  const [exported] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: 'Export configuration' }).click()]);
  const configuration = await savedText(exported);
  expect(configuration).toContain('Cache');
  expect(configuration).toContain('Nightly backup');

  const other = await startDashboard();
  try {
    await openDashboard(page, other, 'Settings');
    const otherData = page.getByRole('region', { name: 'Your data' });
    await otherData.getByLabel('Configuration file').setInputFiles({ name: exported.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(configuration) });
    await expect(otherData.getByRole('heading', { name: /^Would be created: 3 items$/ })).toBeVisible({ timeout: 20_000 });
    await expect(otherData).toContainText('Monitor “Cache”');
    // Nothing is created by the dry run.
    expect(await other.fixture.calls.listMonitors('local')).toEqual([]);
    await otherData.getByRole('button', { name: 'Import 3 items' }).click();
    await expect(otherData.getByText(/Imported\./)).toBeVisible({ timeout: 20_000 });
    expect((await other.fixture.calls.listMonitors('local')).map((monitor) => monitor.name)).toEqual(['Cache']);
    await openView(page, 'Monitors');
    await expect(page.getByRole('row', { name: /Cache/ })).toBeVisible({ timeout: 20_000 });

    // Imported again: everything already exists, so the dry run skips it all and there is nothing to import.
    await openView(page, 'Settings');
    await otherData.getByLabel('Configuration file').setInputFiles({ name: exported.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(configuration) });
    await expect(otherData.getByRole('heading', { name: 'Would be skipped: 3 items' })).toBeVisible({ timeout: 20_000 });
    await expect(otherData.getByText('Everything in this file is on the server already: there is nothing to import.')).toBeVisible();
    await expect(otherData.getByRole('button', { name: /^Import / })).toHaveCount(0);
  } finally {
    await other.close();
  }
});
