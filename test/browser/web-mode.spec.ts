// Browser mode in Debian's Chromium: the real web server over a page built with renderer/transport, against a
// fake core. The page opens with the launch key, which works once, and calls round-trip, also from a second tab;
// without the key, from a DNS-rebound name, or from a page on another loopback port (which the browser does send
// the cookie to) it is refused, and so is that cookie replayed from another program. Each test has its own launch.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import type { VigilApi } from '../../common/ipc/contract.ts';
import type { AlertView } from '../../common/ipc/views.ts';
import { chromiumLaunchOptions, chromiumMissingReason } from '../helpers/chromium.ts';
import { openContractSocket, rawRequest, sampleStatus, startTestWebServer, type TestWebServer } from '../helpers/web-server.ts';
import { transportTestPageForFile } from './page-server.ts';

interface TestPageGlobals {
  vigilTest: { api: VigilApi; showAlert(alert: AlertView): 'notification' | 'in-page' };
}

const alert: AlertView = { id: 'a1', kind: 'monitor-down', severity: 'critical', title: 'API is down', body: 'Connection refused.', connectionId: 'local' };

let web: TestWebServer;

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

const transportPage = transportTestPageForFile('vigil-web-mode-');

test.beforeEach(async () => {
  web = await startTestWebServer({ rendererDir: transportPage.dir });
});

test.afterEach(async () => {
  await web?.stop();
});

const callFrom = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as TestPageGlobals).vigilTest.api.getStatus().then(
      (status) => status.tooltip,
      (error: { message: string }) => `failed: ${error.message}`,
    ),
  );

/** Script errors, CSP violations and failed loads (but the favicon, which the test page has none of). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

const openSocketFrom = (page: Page, url: string) =>
  page.evaluate(
    (target) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(target);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onclose = (event) => resolve(`closed ${event.code}`);
      }),
    url,
  );

test('the page opens with the launch key, which leaves the address bar, and calls round-trip', async ({ page }) => {
  const errors = pageErrors(page);
  const response = await page.goto(web.url);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('status')).toHaveText(sampleStatus.tooltip);
  // The page secret came in the fragment and went on into the page's storage: neither key nor secret is left in
  // the address bar or in the history entry.
  expect(page.url()).toBe(`${web.origin}/`);
  expect(await page.evaluate(() => location.hash)).toBe('');
  expect(web.core.received.some((call) => call.method === 'getStatus')).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies).toMatchObject([{ name: `vigil-session-${web.port}`, httpOnly: true, sameSite: 'Strict', path: '/' }]);
  expect(await page.evaluate(() => document.cookie)).toBe('');

  const refused = await page.evaluate(() =>
    (window as unknown as TestPageGlobals).vigilTest.api.snooze('local/monitor:1', '2h' as '4h').then(
      () => 'accepted',
      (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
    ),
  );
  expect(refused).toBe('invalid-arguments: snooze was called with invalid arguments.');
  await page.evaluate(() => (window as unknown as TestPageGlobals).vigilTest.api.pauseNotifications('4h'));
  expect(web.core.received.at(-1)).toEqual({ method: 'pauseNotifications', args: ['4h'] });

  // Alerts from the core show in the page where notifications are not permitted.
  web.core.emit('onAlert', alert);
  await expect(page.getByRole('list', { name: 'Alerts' }).getByRole('listitem')).toHaveText(['API is down: Connection refused.']);
  expect(errors).toEqual([]);
});

test('a second tab at the same address shares the session, and the printed address opened again there goes to it', async ({ page, context }) => {
  await page.goto(web.url);
  await expect(page.getByRole('status')).toHaveText(sampleStatus.tooltip);
  const second = await context.newPage();
  expect((await second.goto(`${web.origin}/`))?.status()).toBe(200);
  await expect(second.getByRole('status')).toHaveText(sampleStatus.tooltip);
  expect(await callFrom(second)).toBe(sampleStatus.tooltip);

  // Clicked again in the terminal: the same browser continues on its session.
  const again = await context.newPage();
  expect((await again.goto(web.url))?.status()).toBe(200);
  expect(again.url()).toBe(`${web.origin}/`);
  await expect(again.getByRole('status')).toHaveText(sampleStatus.tooltip);
  expect(await context.cookies()).toHaveLength(1);
});

test('the printed address opens Vigil once: another browser is refused in plain words', async ({ page, browser }) => {
  await page.goto(web.url);
  await expect(page.getByRole('status')).toHaveText(sampleStatus.tooltip);
  const calls = web.core.received.length;

  const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const late = await elsewhere.newPage();
    const refused = await late.goto(web.url);
    expect(refused?.status()).toBe(403);
    await expect(late.locator('body')).toHaveText(
      'This address was already opened in a browser, and it opens Vigil only once. Go back to the tab it opened; to open Vigil in another browser, stop `vigil web` (Ctrl-C) and start it again for a new address.',
    );
    expect(await elsewhere.cookies()).toEqual([]);
    expect(web.core.received.length).toBe(calls);
    const folder = path.resolve('test-results', 'screenshots');
    mkdirSync(folder, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await late.emulateMedia({ colorScheme: scheme });
      await late.screenshot({ path: path.join(folder, `browser-mode-address-used-${scheme}.png`) });
    }
  } finally {
    await elsewhere.close();
  }
  // The tab that opened it is untouched.
  expect(await callFrom(page)).toBe(sampleStatus.tooltip);
});

test('an alert is a Web Notification where the user permitted them', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: web.origin });
  await page.goto(web.url);
  await expect(page.getByRole('status')).toHaveText(sampleStatus.tooltip);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  expect(await page.evaluate((shown) => (window as unknown as TestPageGlobals).vigilTest.showAlert(shown), alert)).toBe('notification');
});

test('without the key nothing is served and the socket does not open', async ({ page }) => {
  const calls = web.core.received.length;
  const response = await page.goto(web.origin);
  expect(response?.status()).toBe(401);
  await expect(page.locator('body')).toContainText('Open Vigil with the address `vigil web` printed');
  expect(await openSocketFrom(page, `ws://127.0.0.1:${web.port}/contract`)).toBe('closed 1006');

  const wrong = await page.goto(`${web.origin}/?key=${'A'.repeat(43)}`);
  expect(wrong?.status()).toBe(403);
  expect(await page.context().cookies()).toEqual([]);
  expect(web.core.received.length).toBe(calls);
});

test('a foreign Host is refused, from Node and from a DNS-rebound name in Chromium', async () => {
  const fromNode = await rawRequest(web.port, { path: `/?key=${web.key}`, headers: { host: `rebind.attacker.example:${web.port}` } });
  expect(fromNode.status).toBe(421);
  expect(fromNode.headers['set-cookie']).toBeUndefined();

  // The attacker's name resolves to 127.0.0.1, as a rebinding DNS server would make it.
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), '--host-resolver-rules=MAP rebind.attacker.example 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`http://rebind.attacker.example:${web.port}/?key=${web.key}`);
    expect(response?.status()).toBe(421);
    await expect(page.locator('body')).toContainText(`only answers requests addressed to 127.0.0.1:${web.port}`);
    expect(await openSocketFrom(page, `ws://rebind.attacker.example:${web.port}/contract`)).toBe('closed 1006');
    expect(await page.context().cookies()).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a page on another loopback port cannot open the socket, though the browser sends it the cookie', async ({ page }) => {
  // Cookies are not isolated by port: Chromium sends this one with a socket that page opens. Origin refuses it.
  const cookiesSeen: string[] = [];
  const other: Server = createServer((request, response) => {
    cookiesSeen.push(request.headers.cookie ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Another local site</title><p>elsewhere</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(web.url);
    await expect(page.getByRole('status')).toHaveText(sampleStatus.tooltip);
    expect(await callFrom(page)).toBe(sampleStatus.tooltip);

    const calls = web.core.received.length;
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    await page.goto(`${otherOrigin}/`);
    expect(cookiesSeen[0]).toMatch(new RegExp(`^vigil-session-${web.port}=`));
    expect(await openSocketFrom(page, `ws://127.0.0.1:${web.port}/contract`)).toBe('closed 1006');
    expect(web.core.received.length).toBe(calls);
    // Refused for its Origin (not for a missing cookie), as the server's log says.
    expect(web.logger.entries).toContainEqual(expect.objectContaining({ level: 'warn', fields: { host: `127.0.0.1:${web.port}`, origin: otherOrigin } }));

    // That server replays the cookie it received from a program of its own, forging the page's Host and Origin:
    // without the page secret, which only the page's own origin can read, the socket does not open.
    const replayed = await openContractSocket(web.port, { cookie: cookiesSeen[0] ?? '', host: `127.0.0.1:${web.port}`, origin: web.origin });
    expect(replayed).toMatchObject({ opened: false, status: 401 });
    expect(web.core.received.length).toBe(calls);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
