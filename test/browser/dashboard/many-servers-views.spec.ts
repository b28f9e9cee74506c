// The window over three servers at once, light and dark, at 1280×800: the overview grouped by server (a group
// folded, one filtered), every list with its Server column, the handlers of each server, a create form asking
// which server, an item page naming its server, and Settings' switches and data section. No serious or critical
// accessibility violations (axe), and a screenshot of each in test-results/screenshots. The built window is served
// by the real web server from a fake core answering as three servers would (many-servers-data.ts), so the views
// are shown exactly, whatever the servers' clocks.
import { expect, test, type Page } from '@playwright/test';
import type { ItemPageWindow } from '../../../common/ipc/history.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { fakeVigilCore, openSignedIn, startTestWebServer, type TestWebServer } from '../../helpers/web-server.ts';
import { itemRules } from '../../renderer/calm-fixtures.ts';
import { events, itemHistory, listHistory } from '../../renderer/history-fixtures.ts';
import { builtRendererDir } from '../global-setup.ts';
import { openDialog, openView, screenshot, seriousViolations } from './dashboard-fixture.ts';
import { connectionsOf, handlersOf, manyServersStatus } from './many-servers-data.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());
test.describe.configure({ mode: 'serial' });

const now = Date.now();
const status = manyServersStatus(now);
let web: TestWebServer;

test.beforeAll(async () => {
  const core = fakeVigilCore({
    getStatus: async () => status,
    listConnections: async () => connectionsOf(now),
    listNotificationHandlers: async (connectionId) => handlersOf(connectionId, now),
    getListHistory: async () => listHistory(status.items.filter((item) => item.kind === 'monitor').map((item) => item.key), now),
    listEvents: async () => events(now).map((event) => ({ ...event, itemKey: event.itemKey === undefined ? undefined : event.itemKey.replace('local/monitor:mon_2', 'work/monitor:mon_1') })),
    getItemHistory: async (key: string, pageWindow: ItemPageWindow) => itemHistory(now, pageWindow, { key, connectionId: 'work', serverName: 'Work', name: 'Checkout API', health: 'critical', state: 'down', since: now - 12 * 60_000 }),
    getItemRules: async (key: string) => itemRules(key),
  });
  web = await startTestWebServer({ core, rendererDir: builtRendererDir });
});

test.afterAll(async () => {
  await web?.stop();
});

async function open(page: Page): Promise<void> {
  await openSignedIn(page, web);
  await expect(page.locator('.sidebar-status')).toHaveText('3 servers: Down');
}

async function check(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`three servers in ${scheme}: every view grouped or with its Server column, accessible, and a screenshot`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await open(page);

    // The overview: a group per server, each with its own banner; Work's down monitor under Work.
    const work = page.getByRole('region', { name: 'Work Something is down' });
    await expect(work.getByRole('table', { name: 'Needs attention on Work' })).toContainText('Checkout API');
    await expect(page.getByRole('region', { name: 'Client Cannot be reached' }).locator('[data-banner="unreachable"]')).toContainText('Vigil cannot reach Client.');
    await expect(work.locator('[data-banner="token-expiring"]')).toContainText('The token for Work expires in 2 days');
    await expect(page.locator('main > .banners')).toHaveCount(0);
    await check(page, `servers-overview-${scheme}`);
    await page.getByRole('button', { name: 'This computer All up' }).click();
    await expect(page.getByRole('button', { name: 'This computer All up' })).toHaveAttribute('aria-expanded', 'false');
    await check(page, `servers-overview-folded-${scheme}`);
    await page.getByRole('button', { name: 'This computer All up' }).click();
    await page.getByRole('combobox', { name: 'Server' }).selectOption({ label: 'Work' });
    await expect(page.locator('.server-group')).toHaveCount(1);
    await check(page, `servers-overview-work-only-${scheme}`);
    await page.getByRole('combobox', { name: 'Server' }).selectOption({ label: 'All servers' });

    // Every list: the Server column; the banners above it name their server.
    for (const [view, file, row] of [
      ['Monitors', 'monitors', 'Checkout API'],
      ['Heartbeats', 'heartbeats', 'Invoice run'],
      ['Domains', 'domains', 'work.example'],
      ['Notification handlers', 'handlers', 'On-call'],
    ] as const) {
      await openView(page, view);
      await expect(page.getByRole('row', { name: new RegExp(row) }).first()).toContainText('Work');
      await expect(page.getByRole('columnheader', { name: /^Server/ })).toBeVisible();
      await check(page, `servers-${file}-${scheme}`);
    }

    // A create form asks which server.
    await openView(page, 'Monitors');
    const form = await openDialog(page, 'New monitor', 'New monitor');
    await form.getByRole('button', { name: 'Create monitor' }).click();
    await expect(form.getByText('Choose the server that keeps it.')).toBeVisible();
    await check(page, `servers-monitor-form-${scheme}`);
    await page.keyboard.press('Escape');

    // An item page names its server.
    await page.getByRole('row', { name: /Checkout API/ }).getByRole('link', { name: 'Checkout API' }).click();
    await expect(page.locator('.item-kind')).toHaveText('Monitor on Work');
    await expect(page.locator('.chart[data-drawn]')).toHaveCount(1);
    await check(page, `servers-item-page-${scheme}`);

    // Settings: a switch per connection; the data section asks which server.
    await openView(page, 'Settings');
    await expect(page.getByRole('switch', { name: 'Watch Old side project' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Watch Work' })).toBeChecked();
    await check(page, `servers-settings-${scheme}`);
    await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Your data' }).getByRole('combobox', { name: 'Server' })).toBeVisible();
    await check(page, `servers-settings-data-${scheme}`);
  });
}
