// The lists at 1280×800 with what makes their cells longest (issue 20, point 13), light and dark: two servers, so
// the Server column is there too; a monitor down because what it depends on is down ("Down (Healthy API port
// down)"), one in maintenance ("Maintenance until 10:58 PM"), one never checked (Unknown), the latest check's error
// ("connection refused") and an uptime of 89.67 %. Every badge fits its row or is cut with its whole text kept, no
// word breaks in the middle, no row's Delete is behind a sideways scrollbar, and axe finds nothing serious. The
// built window is served by the real web server from a fake core, so the rows are exactly these.
import { expect, test, type Locator } from '@playwright/test';
import type { ItemPageWindow, ListHistoryView } from '../../../common/ipc/history.ts';
import type { Domain, Heartbeat, Monitor, NotificationHandler } from '../../../common/ipc/views.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { fakeVigilCore, openSignedIn, startTestWebServer, type TestWebServer } from '../../helpers/web-server.ts';
import { itemHistory } from '../../renderer/history-fixtures.ts';
import { remoteConnection, status } from '../../renderer/status-fixtures.ts';
import { builtRendererDir } from '../global-setup.ts';
import { look, openView, screenshot } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

const now = Date.now();
const minute = 60_000;
const checkedAt = new Date(now - minute).toISOString();
const work = remoteConnection('work', 'Work');

/** A monitor whose name is 1,000 characters long, on its own page. */
const longName = `Checkout ${'and payment '.repeat(82)}`.slice(0, 1000);
const longNameKey = 'work/monitor:m9';

const localMonitors: Monitor[] = [
  { id: 'm1', name: 'Healthy API port', type: 'tcp', url: '127.0.0.1:8080', frequency: 10, last_status: 'down', last_checked_at: checkedAt, last_error: 'connection refused' },
  { id: 'm2', name: 'Healthy API', type: 'http', url: 'http://127.0.0.1:8080/health', frequency: 10, last_status: 'down', last_checked_at: checkedAt, last_error: 'connection refused' },
  { id: 'm3', name: 'Router', type: 'ping', url: '192.168.1.1', frequency: 60, last_status: 'down', last_checked_at: checkedAt, last_error: 'no answer within 5 s' },
  { id: 'm4', name: 'Flaky site', type: 'http', url: 'https://flaky.example/', frequency: 30, last_status: 'up', last_checked_at: checkedAt, last_response_time_ms: 182 },
  { id: 'm5', name: 'New printer', type: 'tcp', url: 'printer.local:631', frequency: 300 },
];
const workMonitors: Monitor[] = [
  { id: 'm1', name: 'Checkout', type: 'http', url: 'https://shop.work.example/checkout', frequency: 60, last_status: 'up', last_checked_at: checkedAt, last_response_time_ms: 1240 },
  { id: 'm2', name: 'Database', type: 'tcp', url: 'db.work.example:5432', frequency: 30, last_status: 'unknown' },
  { id: 'm9', name: longName, type: 'http', url: 'https://pay.work.example/', frequency: 60, last_status: 'up', last_checked_at: checkedAt, last_response_time_ms: 95 },
];

const localHeartbeats: Heartbeat[] = [
  { id: 'h1', name: 'Nightly backup of the photo library', expected_interval: 86_400, last_ping: new Date(now - 26 * 60 * minute).toISOString(), ping_url: 'http://127.0.0.1:8731/ping/aB3dE5' },
  { id: 'h2', name: 'Report job', expected_interval: 3600, ping_url: 'http://127.0.0.1:8731/ping/Zx81' },
  { id: 'h3', name: 'Mail queue', expected_interval: 300, last_ping: new Date(now - 2 * minute).toISOString(), ping_url: 'http://127.0.0.1:8731/ping/Qm2' },
];
const workHeartbeats: Heartbeat[] = [{ id: 'h1', name: 'Invoice run', expected_interval: 3600, last_ping: new Date(now - 95 * minute).toISOString(), ping_url: 'https://work.example/ping/Ab1' }];
const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10);
const localDomains: Domain[] = [
  { id: 'd1', domain: 'xn--bcher-kva.de', expires_on: inDays(200), days_until_expiry: 200, registrar: 'DENIC eG' },
  { id: 'd2', domain: 'shop.example', expires_on: inDays(9), days_until_expiry: 9, registrar: 'Example Registrar, Inc.' },
  { id: 'd3', domain: 'unknown.example' },
];
const workDomains: Domain[] = [{ id: 'd1', domain: 'work.example', expires_on: inDays(20), days_until_expiry: 20, registrar: 'Example Registrar, Inc.' }];
const handlers: Record<string, NotificationHandler[]> = {
  local: [{ id: 'n1', name: 'On-call email', type: 'email', destination: 'oncall-team-with-a-long-address@example.com' }],
  work: [{ id: 'n1', name: 'Chat webhook', type: 'webhook', destination: 'https://chat.work.example/hooks/vigil/0123456789abcdef0123456789abcdef' }],
};

// The badge's longest form without a day in it, whatever the time the test runs: a two-digit hour ("12:58 PM",
// "10:58 PM", or "11:58 PM"; 24-hour locales write 12:58, 22:58 or 23:58), the first still to come today.
const maintenanceUntil = (() => {
  const todayAt = (hour: number) => new Date(now).setHours(hour, 58, 0, 0);
  return [12, 22, 23].map(todayAt).find((at) => at > now + minute) ?? now + minute;
})();

const listStatus = status({
  level: 'critical',
  servers: [
    {
      level: 'critical',
      monitors: localMonitors,
      items: [
        { key: 'monitor:m1', kind: 'monitor', name: 'Healthy API port', health: 'critical', state: 'down', detail: 'connection refused', since: now - 12 * minute },
        { key: 'monitor:m2', kind: 'monitor', name: 'Healthy API', health: 'critical', state: 'down', detail: 'connection refused', cause: { key: 'local/monitor:m1', name: 'Healthy API port' }, since: now - 12 * minute },
        { key: 'monitor:m3', kind: 'monitor', name: 'Router', health: 'critical', state: 'down', detail: 'no answer', maintenance: { until: maintenanceUntil }, since: now - 5 * minute },
        { key: 'monitor:m4', kind: 'monitor', name: 'Flaky site', health: 'ok', state: 'up', detail: 'HTTP 200', since: now - 2 * minute },
        { key: 'monitor:m5', kind: 'monitor', name: 'New printer', health: 'unknown', state: 'unknown', detail: 'Not checked yet', since: now - minute },
        { key: 'heartbeat:h1', kind: 'heartbeat', name: 'Nightly backup of the photo library', health: 'warning', state: 'late', detail: 'Expected 2 h ago', cause: { key: 'local/monitor:m3', name: 'Router' }, since: now - 120 * minute },
        { key: 'heartbeat:h2', kind: 'heartbeat', name: 'Report job', health: 'ok', state: 'waiting', detail: 'Waiting for the first ping', since: now - minute },
        { key: 'heartbeat:h3', kind: 'heartbeat', name: 'Mail queue', health: 'ok', state: 'up', detail: 'Pinged 2 min ago', maintenance: { until: maintenanceUntil }, since: now - 2 * minute },
        { key: 'domain:d1', kind: 'domain', name: 'bücher.de', health: 'ok', state: 'ok', detail: 'Expires in 200 days', since: now - 60 * minute },
        { key: 'domain:d2', kind: 'domain', name: 'shop.example', health: 'warning', state: 'expiring', detail: 'Expires in 9 days', maintenance: { until: maintenanceUntil }, since: now - 60 * minute },
        { key: 'domain:d3', kind: 'domain', name: 'unknown.example', health: 'unknown', state: 'unknown', detail: 'Not known yet', since: now - 60 * minute },
      ],
      heartbeats: localHeartbeats,
      domains: localDomains,
    },
    {
      connection: work,
      monitors: workMonitors,
      items: [
        { key: 'monitor:m1', kind: 'monitor', name: 'Checkout', health: 'ok', state: 'up', detail: 'HTTP 200', since: now - 60 * minute },
        { key: 'monitor:m2', kind: 'monitor', name: 'Database', health: 'unknown', state: 'unknown', detail: 'Not checked yet', since: now - minute },
        { key: 'monitor:m9', kind: 'monitor', name: longName, health: 'ok', state: 'up', detail: 'HTTP 200', since: now - 60 * minute },
        { key: 'heartbeat:h1', kind: 'heartbeat', name: 'Invoice run', health: 'warning', state: 'late', detail: 'Expected 35 min ago', since: now - 35 * minute },
        { key: 'domain:d1', kind: 'domain', name: 'work.example', health: 'ok', state: 'ok', detail: 'Expires in 20 days', since: now - 60 * minute },
      ],
      heartbeats: workHeartbeats,
      domains: workDomains,
    },
  ],
});

const listHistory: ListHistoryView = {
  from: now - 24 * 60 * minute,
  to: now,
  slotCount: 48,
  items: {
    'local/monitor:m1': { uptime: 0.8967, slots: `${'u'.repeat(43)}${'d'.repeat(5)}`, source: 'server' },
    'local/monitor:m2': { uptime: 0.8967, slots: `${'u'.repeat(43)}${'d'.repeat(5)}`, source: 'server' },
    'local/monitor:m3': { uptime: 0.9993, slots: 'u'.repeat(48), source: 'client' },
    'local/monitor:m4': { uptime: 1, slots: 'u'.repeat(48), source: 'server' },
    'work/monitor:m1': { uptime: 0.9999, slots: 'u'.repeat(48), source: 'server' },
  },
};

let web: TestWebServer;
/** The window of someone who has added nothing yet. */
let emptyWeb: TestWebServer;

test.beforeAll(async () => {
  const core = fakeVigilCore({
    getStatus: async () => listStatus,
    listEvents: async () => [],
    getListHistory: async () => listHistory,
    listNotificationHandlers: async (connectionId: string) => handlers[connectionId] ?? [],
    getItemHistory: async (key: string, pageWindow: ItemPageWindow) => itemHistory(now, pageWindow, { key, connectionId: 'work', serverName: 'Work', name: key === longNameKey ? longName : 'Checkout' }),
  });
  web = await startTestWebServer({ core, rendererDir: builtRendererDir });
  emptyWeb = await startTestWebServer({ core: fakeVigilCore({ getStatus: async () => status({ level: 'ok' }), listEvents: async () => [] }), rendererDir: builtRendererDir });
});

test.afterAll(async () => {
  await Promise.all([web?.stop(), emptyWeb?.stop()]);
});

/** Whether an element's content is wider or taller than the box that shows it (so part of it is cut off). */
async function clipped(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
}

/** Nothing of the table is out of sight sideways: no horizontal scrollbar, and each row's last button within it. */
async function expectNoSidewaysScroll(table: Locator): Promise<void> {
  expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const box = await table.boundingBox();
  for (const button of await table.getByRole('button', { name: /^Delete / }).all()) {
    const edge = await button.boundingBox();
    expect(edge !== null && box !== null && edge.x + edge.width <= box.x + box.width, await button.getAttribute('aria-label') ?? '').toBe(true);
  }
}

/** Every badge in the table shows its whole text, or is cut with the whole text as its title. */
async function expectBadgesWholeOrTitled(table: Locator): Promise<void> {
  for (const badge of await table.locator('.table-body .badge').all()) {
    const text = (await badge.textContent()) ?? '';
    if (await clipped(badge)) expect(await badge.getAttribute('title'), `${text} is cut without a title`).toBeTruthy();
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every list's longest cells fit at 1280 px in ${scheme}, over two servers`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openSignedIn(page, web);

    await openView(page, 'Monitors');
    const monitors = page.getByRole('table', { name: 'Monitors' });
    await expect(monitors.getByRole('row', { name: /^Healthy API port/ })).toBeVisible();
    await expect(monitors.getByText('89.67 %').first()).toBeVisible();
    await expectNoSidewaysScroll(monitors);
    await expectBadgesWholeOrTitled(monitors);
    // The dependent one's badge is cut after two lines, its whole text its title and said to screen readers.
    const cause = monitors.getByRole('row', { name: /^Healthy API 127/ }).locator('.badge');
    await expect(cause).toHaveAttribute('title', 'Down (Healthy API port down)');
    await expect(cause).toHaveText('Down (Healthy API port down)');
    // The maintenance badge is whole on two lines; the uptime figures and the error's words are whole too.
    const maintenance = monitors.getByRole('row', { name: /^Router/ }).locator('.badge');
    await expect(maintenance).toHaveText(/^Maintenance until /);
    expect(await clipped(maintenance)).toBe(false);
    for (const figure of await monitors.locator('.uptime-cell').all()) expect(await clipped(figure.locator('..'))).toBe(false);
    const error = monitors.getByRole('row', { name: /^Healthy API port/ }).locator('.last-check-error');
    expect(await error.evaluate((element) => element.getClientRects().length > 0 && element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await wordsBrokenIn(error)).toEqual([]);
    await look(page, `list-fit-monitors-${scheme}`);

    for (const [view, label, file] of [
      ['Heartbeats', 'Heartbeats', 'heartbeats'],
      ['Domains', 'Domains', 'domains'],
      ['Notification handlers', 'Notification handlers', 'handlers'],
    ] as const) {
      await openView(page, view);
      const table = page.getByRole('table', { name: label });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await screenshot(page, `list-fit-${file}-${scheme}`);
      await expectNoSidewaysScroll(table);
      await expectBadgesWholeOrTitled(table);
      await look(page, `list-fit-${file}-${scheme}`);
    }
  });
}

/** The words of an element's text that its lines split in two (a line ending or starting inside a word). */
async function wordsBrokenIn(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const text = element.textContent ?? '';
    const node = element.firstChild;
    if (node === null || node.nodeType !== Node.TEXT_NODE) return [];
    const broken: string[] = [];
    const range = document.createRange();
    let lineTop: number | undefined;
    for (let index = 0; index < text.length; index += 1) {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const top = range.getBoundingClientRect().top;
      if (lineTop !== undefined && top > lineTop + 1 && /\S/.test(text[index - 1] ?? '') && /\S/.test(text[index] ?? '')) broken.push(text.slice(0, index + 1));
      lineTop = top;
    }
    return broken;
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a 1,000-character name leaves its page's buttons in view in ${scheme}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openSignedIn(page, web, `#/item/${encodeURIComponent(longNameKey)}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(longName);
    await expect(heading).toHaveAttribute('title', longName);
    for (const name of ['Maintenance for ' + longName, 'Export CSV', 'Export JSON']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    // Cut after three lines rather than pushing the page down by a screenful.
    expect(await heading.evaluate((element) => element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight))).toBeLessThan(3.5);
    expect(await page.locator('.view-item').evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await look(page, `long-name-item-page-${scheme}`);
  });

  test(`the overview with nothing watched says so and opens the new monitor's form in ${scheme}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openSignedIn(page, emptyWeb);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nothing to watch yet');
    await look(page, `empty-overview-${scheme}`);
    await page.getByRole('button', { name: 'Add a monitor' }).click();
    await expect(page.getByRole('dialog', { name: 'New monitor' })).toBeVisible();
    await look(page, `empty-overview-new-monitor-${scheme}`);
  });
}
