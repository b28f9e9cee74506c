// Cron heartbeats end to end, in Chromium against the real core and a real embedded service (which lists `cron`):
// a heartbeat created on a schedule through the form, with the preview in words as it is typed; a job's start and
// exit code pinged with its output; the run on the heartbeat's page with its exit code and log. A spec-only server
// beside it gets none of this. The form, the list and the page are looked at light and dark (axe: no serious or
// critical violations; screenshots in test-results/screenshots).
import { expect, test } from '@playwright/test';
import { startHistoryServer, type HistoryServer } from '../../helpers/history-server.ts';
import { dashboardForFile, look, openDashboard, openDialog } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
let specOnly: HistoryServer;
let pingUrl = '';

test.beforeAll(async () => {
  specOnly = await startHistoryServer({ heartbeats: [{ id: 'hb_spec', name: 'Spec job', expected_interval: 3600 }] });
});

test.afterAll(async () => {
  await specOnly?.close();
});

async function ping(url: string, body?: string): Promise<void> {
  const answer = await fetch(url, body === undefined ? {} : { method: 'POST', body });
  expect(answer.status).toBe(200);
}

test('a heartbeat on a schedule: created with its preview, pinged, its run with exit code and log on its page', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page, dashboard, 'Heartbeats');
  const form = await openDialog(page, 'Create your first heartbeat', 'New heartbeat');
  await form.getByRole('textbox', { name: 'Name' }).fill('Nightly backup');
  await form.getByRole('radio', { name: 'On a schedule' }).check();
  const schedule = form.getByRole('textbox', { name: 'Schedule (cron)' });
  await schedule.fill('30 2 * * * *');
  await expect(form.getByText(/^Must have 5 fields, not 6/)).toBeVisible();
  await schedule.fill('30 2 * * 1-5');
  await form.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Berlin');
  await expect(form.getByText(/^Every weekday at 02:30, Europe\/Berlin — next run \w{3} (\d+ \w{3} )?02:30/)).toBeVisible();
  await form.getByRole('button', { name: 'Create heartbeat' }).click();

  const details = page.getByRole('dialog', { name: 'Ping URL for Nightly backup' });
  pingUrl = await details.getByRole('textbox', { name: 'Ping URL' }).inputValue();
  expect(pingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ping\//);
  await expect(details.getByRole('textbox', { name: 'Crontab line' })).toHaveValue(new RegExp(`^CRON_TZ=Europe/Berlin\\n30 2 \\* \\* 1-5 u=${pingUrl}; `));
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: /Nightly backup/ })).toContainText('every weekday at 02:30');

  await ping(`${pingUrl}/start`);
  await ping(`${pingUrl}/2`, 'rsync: write failed: No space left on device (28)\n');
  // The core reads the failed run: the heartbeat is Failed, and the summary counts it.
  await expect(page.getByRole('row', { name: /Nightly backup/ })).toContainText('Failed', { timeout: 25_000 });
  await expect(page.getByText('1 heartbeat, 1 failed, 0 down, 0 late.')).toBeVisible();

  await page.getByRole('row', { name: /Nightly backup/ }).getByRole('link', { name: 'Nightly backup' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nightly backup' })).toBeVisible();
  await expect(page.getByText(/^Failed \d+ (s|min) ago$/).first()).toBeVisible();
  await expect(page.getByText('every weekday at 02:30, Europe/Berlin')).toBeVisible();
  const runs = page.getByRole('region', { name: 'Runs' });
  const run = runs.getByRole('row').nth(1);
  await expect(run).toContainText('Failed', { timeout: 25_000 });
  await expect(run.getByRole('cell').nth(3)).toHaveText('2');
  await run.getByText('Show log').click();
  await expect(run.locator('pre')).toHaveText('rsync: write failed: No space left on device (28)\n');
  // The poll brings the heartbeat's latest run into its summary.
  await expect(page.getByText(/^Failed, took .*, exit code 2$/)).toBeVisible({ timeout: 25_000 });
  await expect(page.getByRole('region', { name: 'Connect the job' }).getByRole('textbox', { name: 'Shell function' })).toHaveValue(new RegExp(`vigil_url=${pingUrl}`));
});

test('a spec-only server gets no schedule, runs or job lines', async ({ page }) => {
  const { calls } = dashboard.fixture;
  const added = await calls.addRemoteConnection({ name: 'Spec only', baseUrl: specOnly.apiUrl, token: 'x.y.z' });
  try {
    await dashboard.fixture.statusWhere((status) => status.items.some((item) => item.name === 'Spec job'), 30_000);
    await openDashboard(page, dashboard, 'Heartbeats');
    const form = await openDialog(page, 'New heartbeat', 'New heartbeat');
    await form.getByRole('combobox', { name: 'Server' }).selectOption({ label: 'Spec only' });
    await expect(form.getByRole('textbox', { name: 'Expected every: amount' })).toBeVisible();
    await expect(form.getByRole('radio', { name: 'On a schedule' })).toHaveCount(0);
    await expect(form.getByText('Grace and longest run')).toHaveCount(0);
    await form.getByRole('combobox', { name: 'Server' }).selectOption({ label: 'This computer' });
    await expect(form.getByRole('radio', { name: 'On a schedule' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('row', { name: /Spec job/ }).getByRole('link', { name: 'Spec job' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Spec job' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('every 1 h')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Runs' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Connect the job' })).toHaveCount(0);
    expect(specOnly.requests.filter((request) => request.includes('/runs'))).toEqual([]);
  } finally {
    await calls.removeConnection(added.id);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the cron heartbeat views in ${scheme}: no serious accessibility violations, and a screenshot of each`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard, 'Heartbeats');
    await expect(page.getByRole('row', { name: /Nightly backup/ })).toContainText('every weekday at 02:30');
    await look(page, `cron-heartbeats-list-${scheme}`);

    const form = await openDialog(page, 'New heartbeat', 'New heartbeat');
    await form.getByRole('radio', { name: 'On a schedule' }).check();
    await form.getByRole('textbox', { name: 'Schedule (cron)' }).fill('0 4 1 * *');
    await form.getByText('Grace and longest run').click();
    await expect(form.getByText(/^Monthly on day 1 at 04:00, /)).toBeVisible();
    await look(page, `cron-heartbeat-form-${scheme}`);
    await form.getByRole('textbox', { name: 'Schedule (cron)' }).fill('0 0 30 2 *');
    await expect(form.getByText('Never fires: no date matches it.')).toBeVisible();
    await look(page, `cron-heartbeat-form-problem-${scheme}`);
    await form.getByRole('textbox', { name: 'Schedule (cron)' }).fill('');
    await page.keyboard.press('Escape');

    await page.getByRole('row', { name: /Nightly backup/ }).getByRole('link', { name: 'Nightly backup' }).click();
    const runs = page.getByRole('region', { name: 'Runs' });
    await expect(runs.getByRole('row').nth(1)).toContainText('Failed', { timeout: 25_000 });
    await runs.getByRole('row').nth(1).getByText('Show log').click();
    await page.getByRole('heading', { level: 1, name: 'Nightly backup' }).scrollIntoViewIfNeeded();
    await look(page, `cron-heartbeat-page-${scheme}`);
    await runs.scrollIntoViewIfNeeded();
    await look(page, `cron-heartbeat-runs-${scheme}`);
    await page.getByRole('region', { name: 'Connect the job' }).scrollIntoViewIfNeeded();
    await look(page, `cron-heartbeat-job-lines-${scheme}`);
  });
}
