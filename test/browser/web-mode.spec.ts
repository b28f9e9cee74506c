// Browser mode in Debian's Chromium: the real web server over a page built with renderer/transport, against a
// fake core. The page opens with the launch key and calls round-trip; without the key, from a DNS-rebound name,
// or from a page on another loopback port (which the browser does send the cookie from), it is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import type { VigilApi } from '../../common/ipc/contract.ts';
import type { AlertView } from '../../common/ipc/views.ts';
import { chromiumLaunchOptions, chromiumMissingReason } from '../helpers/chromium.ts';
import { buildTransportTestPage, rawRequest, sampleStatus, startTestWebServer, type TestWebServer } from '../helpers/web-server.ts';

interface TestPageGlobals {
  vigilTest: { api: VigilApi; showAlert(alert: AlertView): 'notification' | 'in-page' };
}

const alert: AlertView = { id: 'a1', kind: 'monitor-down', severity: 'critical', title: 'API is down', body: 'Connection refused.', connectionId: 'local' };

let workDir: string;
let web: TestWebServer;

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(tmpdir(), 'vigil-web-mode-'));
  web = await startTestWebServer({ rendererDir: await buildTransportTestPage(workDir) });
});

test.afterAll(async () => {
  await web?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

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
  expect(page.url()).toBe(`${web.origin}/`);
  await expect(page.getByRole('status')).toHaveText(sampleStatus.tooltip);
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
    expect(await openSocketFrom(page, `ws://127.0.0.1:${web.port}/contract`)).toBe('open');

    const calls = web.core.received.length;
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    await page.goto(`${otherOrigin}/`);
    expect(cookiesSeen[0]).toMatch(new RegExp(`^vigil-session-${web.port}=`));
    expect(await openSocketFrom(page, `ws://127.0.0.1:${web.port}/contract`)).toBe('closed 1006');
    expect(web.core.received.length).toBe(calls);
    // Refused for its Origin (not for a missing cookie), as the server's log says.
    expect(web.logger.entries).toContainEqual(expect.objectContaining({ level: 'warn', fields: { host: `127.0.0.1:${web.port}`, origin: otherOrigin } }));
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
