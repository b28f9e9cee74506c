// The latest check of monitors exactly as drawn, from a fake core (as calm-alerts-views.spec.ts does), with what
// the checks extension sends that a real target takes long to show: a certificate 9 days from expiry (a warning),
// one months away, certificate errors ignored, a failed expectation, a response time, and a monitor without any of
// it; at 1280 × 800 the names and types are whole, and each target is written under its name. Light and dark, axe with no serious or critical violations, a screenshot of each in test-results/screenshots.
import { expect, test } from '@playwright/test';
import type { ItemPageWindow } from '../../../common/ipc/history.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { fakeVigilCore, openSignedIn, startTestWebServer, type TestWebServer } from '../../helpers/web-server.ts';
import { itemHistory } from '../../renderer/history-fixtures.ts';
import { localConnection, status } from '../../renderer/status-fixtures.ts';
import { builtRendererDir } from '../global-setup.ts';
import { look, openView } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

const now = Date.now();
const day = 86_400_000;
const dateIn = (days: number) => new Date(now + days * day + 3_600_000).toISOString();

const checkedStatus = status({
  level: 'critical',
  connection: { ...localConnection, capabilities: ['history', 'maintenance', 'checks'] },
  monitors: [
    { id: 'm1', name: 'Shop', type: 'http', url: 'https://shop.example/health', frequency: 60, last_status: 'up', last_response_time_ms: 182, certificate_expires_on: dateIn(9) },
    { id: 'm2', name: 'Checkout API', type: 'http', url: 'https://api.example/health', frequency: 60, last_status: 'down', last_response_time_ms: 820, last_error: 'HTTP 503, expected 200 or 3xx; body does not contain "ok"', certificate_expires_on: dateIn(80) },
    { id: 'm3', name: 'Intranet', type: 'http', url: 'https://intranet.lan/', frequency: 300, last_status: 'up', last_response_time_ms: 1460, tls: { ignore_errors: true }, certificate_warning: 'the certificate is self-signed' },
    { id: 'm4', name: 'NAS', type: 'tcp', url: '10.0.0.2:445', frequency: 60, last_status: 'up' },
    { id: 'm5', name: 'Payments webhook', type: 'http', url: 'https://payments.example.com/api/v2/webhooks/health?region=eu-central', frequency: 60, last_status: 'up', last_response_time_ms: 96 },
  ],
  items: [
    { key: 'monitor:m1', kind: 'monitor', name: 'Shop', health: 'ok', state: 'up', detail: '', since: now - 3 * day },
    { key: 'monitor:m2', kind: 'monitor', name: 'Checkout API', health: 'critical', state: 'down', detail: 'HTTP 503', since: now - 600_000 },
    { key: 'monitor:m3', kind: 'monitor', name: 'Intranet', health: 'ok', state: 'up', detail: '', since: now - day },
    { key: 'monitor:m4', kind: 'monitor', name: 'NAS', health: 'ok', state: 'up', detail: '', since: now - day },
    { key: 'monitor:m5', kind: 'monitor', name: 'Payments webhook', health: 'ok', state: 'up', detail: '', since: now - day },
  ],
});

let web: TestWebServer;

test.beforeAll(async () => {
  const core = fakeVigilCore({
    getStatus: async () => checkedStatus,
    listEvents: async () => [],
    getListHistory: async () => ({ from: now - day, to: now, slotCount: 0, items: {} }),
    getItemHistory: async (key: string, pageWindow: ItemPageWindow) => itemHistory(now, pageWindow, { key, name: key.endsWith('m2') ? 'Checkout API' : 'Intranet' }),
  });
  web = await startTestWebServer({ core, rendererDir: builtRendererDir });
});

test.afterAll(async () => {
  await web?.stop();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the latest check as drawn in ${scheme}: the list's column and a monitor's page`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openSignedIn(page, web);
    await openView(page, 'Monitors');
    await expect(page.getByRole('row', { name: /^Shop/ }).locator('.badge-warning')).toHaveText('Cert: 9 d');
    await expect(page.getByRole('row', { name: /^Checkout API/ })).toContainText('HTTP 503, expected 200 or 3xx');
    await expect(page.getByRole('row', { name: /^Intranet/ })).toContainText('Cert not checked');
    await expect(page.getByRole('row', { name: /^NAS/ }).locator('.last-check')).toHaveText('');
    // At 1280 pixels names and types are whole, the table does not scroll sideways, and each target is written under
    // its name, a long one cut with its whole address as its tooltip.
    const table = page.getByRole('table', { name: 'Monitors' });
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const cut = await table.evaluate((element) =>
      [...element.querySelectorAll('[role="row"]')].flatMap((row) => {
        const [nameCell, typeCell] = [...row.querySelectorAll('[role="cell"]')];
        const name = nameCell?.querySelector('.name-and-target > :first-child');
        return [name, typeCell].filter((cell) => cell != null && cell.scrollWidth > cell.clientWidth).map((cell) => cell?.textContent);
      }),
    );
    await expect(page.getByRole('row', { name: /^Shop/ }).locator('.cell-target')).toHaveText('shop.example/health');
    const widths = await table.evaluate((element) => [...element.querySelectorAll('[role="columnheader"]')].map((cell) => `${cell.textContent} ${cell.getBoundingClientRect().width}`).join(', '));
    expect(cut, widths).toEqual([]);
    const target = page.getByRole('row', { name: /^Payments webhook/ }).getByTitle('https://payments.example.com/api/v2/webhooks/health?region=eu-central');
    await expect(target).toBeVisible();
    await look(page, `checks-views-monitors-${scheme}`);

    await page.getByRole('row', { name: /^Checkout API/ }).getByRole('link', { name: 'Checkout API' }).click();
    const latest = page.getByRole('region', { name: 'Latest check' });
    await expect(latest).toContainText('body does not contain "ok"');
    await expect(latest).toContainText('820 ms');
    await expect(latest).toContainText('Certificate expires in 80 days');
    await look(page, `checks-views-item-failed-${scheme}`);

    await openView(page, 'Monitors');
    await page.getByRole('row', { name: /^Intranet/ }).getByRole('link', { name: 'Intranet' }).click();
    await expect(page.getByRole('region', { name: 'Latest check' }).getByRole('note')).toContainText('stays up with an expired, self-signed or wrong certificate. Verification would refuse this one: the certificate is self-signed.');
    await look(page, `checks-views-item-ignored-${scheme}`);
  });
}
