// Proves the browser harness: Playwright drives Debian Chromium against a page served on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { chromiumMissingReason } from '../helpers/chromium.ts';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vigil harness</title></head>
<body><main><h1>Vigil</h1><p role="status">idle</p>
<button type="button" onclick="document.querySelector('[role=status]').textContent = 'checked'">Check now</button>
</main></body></html>`;

let server: Server;
let baseUrl: string;

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('clicks a button on a loopback page in Chromium', async ({ page: tab }, testInfo) => {
  await tab.goto(baseUrl);
  await expect(tab.getByRole('heading', { name: 'Vigil' })).toBeVisible();
  await tab.getByRole('button', { name: 'Check now' }).click();
  await expect(tab.getByRole('status')).toHaveText('checked');
  await tab.screenshot({ path: testInfo.outputPath('harness.png') });
});
