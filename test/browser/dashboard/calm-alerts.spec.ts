// Calm alerts end to end, in Chromium against the real core and a real embedded service: a monitor whose target
// is down is put in maintenance from the monitors list — its row's badge, the overview's banner (and it is no
// longer among what needs attention) and the tray model follow; its page's history shows the maintenance on the
// timeline and in its events; "End now" ends it. Settings' quiet hours, the maintenance dialog's schedule, the
// overview's banner, the item's rules and the timeline with maintenance are looked at light and dark (axe: no
// serious or critical violations; screenshots in test-results/screenshots).
import { expect, test } from '@playwright/test';
import type { StatusView } from '../../../common/ipc/views.ts';
import { startTcpTarget, type TcpTarget } from '../../helpers/local-targets.ts';
import { dashboardForFile, look, openDashboard, openView } from './dashboard-fixture.ts';

const dashboard = dashboardForFile();
let router: TcpTarget;
let nas: TcpTarget;

const itemNamed = (status: StatusView, name: string) => status.items.find((item) => item.name === name);
/** Router is a problem in the tray's eyes: listed there, not marked as in maintenance. */
const trayShowsRouterDown = (status: StatusView) => status.trayItems.some((entry) => entry.type === 'item' && entry.name === 'Router' && !('maintenance' in entry && entry.maintenance !== undefined));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  router = await startTcpTarget();
  nas = await startTcpTarget();
  const { calls } = dashboard.fixture;
  await calls.createMonitor('local', { name: 'Router', type: 'tcp', url: router.hostPort, frequency: 10 });
  await calls.createMonitor('local', { name: 'NAS', type: 'tcp', url: nas.hostPort, frequency: 10 });
  await dashboard.fixture.statusWhere((status) => itemNamed(status, 'Router')?.state === 'up' && itemNamed(status, 'NAS')?.state === 'up', 45_000);
  await router.setUp(false);
  await dashboard.fixture.statusWhere((status) => itemNamed(status, 'Router')?.state === 'down' && trayShowsRouterDown(status), 45_000);
});

test.afterAll(async () => {
  await Promise.all([router?.close(), nas?.close()]);
});

test('maintenance started from a list: the row, the overview, the tray and the history follow; End now ends it', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page, dashboard);
  await expect(page.getByRole('heading', { name: 'Needs attention (1)' })).toBeVisible({ timeout: 20_000 });

  await openView(page, 'Monitors');
  const row = page.getByRole('row', { name: /Router/ });
  await row.getByRole('button', { name: 'Maintenance for Router' }).click();
  const dialog = page.getByRole('dialog', { name: 'Maintenance for Router' });
  await expect(dialog.getByRole('button', { name: '30 min' })).toBeFocused();
  await dialog.getByRole('button', { name: '1 h' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(/^Maintenance until /)).toBeVisible({ timeout: 20_000 });

  // The tray model: Router no longer a problem, the level no longer critical.
  const calm = await dashboard.fixture.statusWhere((status) => itemNamed(status, 'Router')?.maintenance !== undefined && !trayShowsRouterDown(status) && status.level !== 'critical', 20_000);
  expect(calm.maintenance).toMatchObject([{ itemKey: itemNamed(calm, 'Router')?.key, active: true, keptBy: 'server' }]);

  await openView(page, 'Overview');
  const banner = page.getByRole('region', { name: /^In maintenance until / });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Router');
  await expect(banner).toContainText('Kept by the server');
  await expect(page.getByRole('heading', { name: 'Needs attention (0)' })).toBeVisible();

  await page.getByRole('row', { name: /Router/ }).getByRole('link', { name: 'History of Router' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Router' })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Status over the past 24 hours' });
  await expect(timeline.getByRole('list', { name: 'Legend' })).toContainText('In maintenance (not counted)', { timeout: 30_000 });
  // Seconds of maintenance share their 4-minute column with the outage before them, which the bar shows; the
  // stretches read to screen readers name it.
  await expect(timeline.getByRole('list', { name: 'Stretches that were not up' })).toContainText(/Maintenance from /);
  await expect(page.getByRole('list', { name: 'Events of Router' }).getByText('Maintenance').first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('list', { name: 'Maintenance windows of this item' }).getByRole('button', { name: 'End maintenance on Router now' }).click();
  await expect(page.getByRole('list', { name: 'Maintenance windows of this item' })).toBeHidden({ timeout: 20_000 });
  await dashboard.fixture.statusWhere((status) => itemNamed(status, 'Router')?.maintenance === undefined && trayShowsRouterDown(status), 30_000);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the calm-alert views in ${scheme}: no serious accessibility violations, and a screenshot of each`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openDashboard(page, dashboard);

    // Maintenance on this computer, so the overview shows its banner, and a window tomorrow, so it lists one to come.
    const { calls } = dashboard.fixture;
    await calls.startMaintenance({ scope: 'server', connectionId: 'local' }, { forMinutes: 90, reason: 'Router firmware update' });
    await calls.startMaintenance({ scope: 'server', connectionId: 'local' }, { startsAt: Date.now() + 86_400_000, endsAt: Date.now() + 90_000_000, reason: 'Disk replacement' });
    await openView(page, 'Overview');
    await expect(page.getByRole('region', { name: /^In maintenance until / })).toBeVisible({ timeout: 20_000 });
    await look(page, `calm-overview-maintenance-${scheme}`);

    await page.getByRole('button', { name: 'Maintenance for everything' }).click();
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.getByRole('radio', { name: 'Every week' }).check();
    await expect(page.getByRole('form', { name: 'Schedule maintenance' })).toBeVisible();
    await look(page, `calm-maintenance-dialog-${scheme}`);
    await page.keyboard.press('Escape');
    for (const window of (await calls.getStatus()).maintenance) await calls.endMaintenance({ id: window.id });

    await openView(page, 'Monitors');
    await page.getByRole('row', { name: /Router/ }).getByRole('link', { name: 'Router' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Router' })).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Status over the past 24 hours' });
    await expect(timeline.getByRole('list', { name: 'Legend' })).toContainText('In maintenance (not counted)', { timeout: 30_000 });
    await timeline.scrollIntoViewIfNeeded();
    await look(page, `calm-item-timeline-${scheme}`);
    const rules = page.getByRole('region', { name: 'Alert rules' });
    await rules.getByRole('button', { name: 'Change rules' }).click();
    await rules.getByRole('radio', { name: 'A time of its own' }).check();
    await rules.getByRole('button', { name: 'Save rules' }).scrollIntoViewIfNeeded();
    await look(page, `calm-item-rules-${scheme}`);

    await openView(page, 'Settings');
    const quiet = page.getByRole('region', { name: 'Quiet hours' });
    await quiet.getByRole('checkbox', { name: 'Turn on quiet hours' }).check();
    await quiet.scrollIntoViewIfNeeded();
    await expect(quiet.getByRole('status')).toContainText(/Quiet now until|Next quiet hours/);
    await look(page, `calm-settings-quiet-hours-${scheme}`);
    await page.getByRole('region', { name: 'Alerting defaults' }).scrollIntoViewIfNeeded();
    await look(page, `calm-settings-alerting-${scheme}`);
  });
}
