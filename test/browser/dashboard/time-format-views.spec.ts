// Times as a person reads them (common/format/clock-time.ts), light and dark at 1280×800: the page of a monitor
// checked every 10 s, whose incident and events are told to the second ("1:41:05 PM to 1:41:15 PM", never "1:41 PM
// to 1:41 PM"), and the overview's feed; in the browser's locale and zone, so the light run (American English, New
// York) reads a 12-hour clock and the dark run (British English, London) a 24-hour one. Axe-clean, with a
// screenshot of each in test-results/screenshots.
import { expect, test } from '@playwright/test';
import { startTcpTarget, type TcpTarget } from '../../helpers/local-targets.ts';
import { dashboardForFile, look, openDashboard, openView } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
let database: TcpTarget;

const stateOf = (name: string, state: string) => (status: { items: { name: string; state: string }[] }) => status.items.some((item) => item.name === name && item.state === state);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await startTcpTarget();
  await dashboard.fixture.calls.createMonitor('local', { name: 'Database', type: 'tcp', url: database.hostPort, frequency: 10 });
  await dashboard.fixture.statusWhere(stateOf('Database', 'up'), 45_000);
  // Down for one check, 10 s: an incident of seconds, and its two events.
  await database.setUp(false);
  await dashboard.fixture.statusWhere(stateOf('Database', 'down'), 45_000);
  await database.setUp(true);
  await dashboard.fixture.statusWhere(stateOf('Database', 'up'), 45_000);
});

test.afterAll(async () => {
  await database?.close();
});

const schemes = [
  { scheme: 'light', locale: 'en-US', timezoneId: 'America/New_York', clock: /^\d{1,2}:\d\d:\d\d\s[AP]M$/ },
  { scheme: 'dark', locale: 'en-GB', timezoneId: 'Europe/London', clock: /^\d\d:\d\d:\d\d$/ },
] as const;

for (const { scheme, locale, timezoneId, clock } of schemes) {
  test.describe(`${locale} in ${scheme}`, () => {
    test.use({ locale, timezoneId, colorScheme: scheme, reducedMotion: 'reduce' });

    test(`a 10-second monitor's incident and events to the second, and the feed (${scheme})`, async ({ page }) => {
      test.setTimeout(120_000);
      await openDashboard(page, dashboard);
      const feed = page.getByRole('list', { name: 'Recent events' });
      await expect(feed.getByText(/Database went down/)).toBeVisible({ timeout: 20_000 });
      await look(page, `time-overview-feed-${scheme}`);

      await openView(page, 'Monitors');
      await page.getByRole('row', { name: /Database/ }).getByRole('link', { name: 'Database' }).click();
      const incidents = page.getByRole('region', { name: /^Incidents/ });
      await expect(incidents.getByRole('row')).toHaveCount(2, { timeout: 20_000 });
      const cells = incidents.getByRole('row').nth(1).getByRole('cell');
      // The start whole, the end on its day a time alone: both to the second, in the browser's locale.
      expect((await cells.nth(1).textContent())?.trim()).toMatch(clock);
      expect(await cells.nth(0).textContent()).toMatch(/\d:\d\d:\d\d/);
      await expect(cells.nth(2)).toHaveText(/^\d+ s$/);
      const events = page.getByRole('list', { name: 'Events of Database' }).locator('time');
      await expect(events.first()).toHaveText(clock);
      // The chart's time axis marks its ticks as the page writes times, not as uPlot would ("11/28/26 3:50pm").
      await page.getByRole('heading', { name: /^Response times/ }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await expect(page.locator('[data-drawn]')).toBeVisible();
      await look(page, `time-item-chart-${scheme}`);
      await page.getByRole('heading', { name: /^Incidents/ }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await look(page, `time-item-incidents-${scheme}`);
      await page.getByRole('heading', { name: 'Events' }).evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
      await look(page, `time-item-events-${scheme}`);
    });
  });
}
