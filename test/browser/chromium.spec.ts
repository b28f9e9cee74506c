// Proves the browser harness: Playwright drives Debian Chromium against a page served on loopback.
import { expect, test } from '@playwright/test';
import { chromiumMissingReason } from '../helpers/chromium.ts';
import { servePageForFile } from './page-server.ts';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vigil harness</title></head>
<body><main><h1>Vigil</h1><p role="status">idle</p>
<button type="button" onclick="document.querySelector('[role=status]').textContent = 'checked'">Check now</button>
</main></body></html>`;

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

const served = servePageForFile(page);

test('clicks a button on a loopback page in Chromium', async ({ page: tab }, testInfo) => {
  await tab.goto(served.url);
  await expect(tab.getByRole('heading', { name: 'Vigil' })).toBeVisible();
  await tab.getByRole('button', { name: 'Check now' }).click();
  await expect(tab.getByRole('status')).toHaveText('checked');
  await tab.screenshot({ path: testInfo.outputPath('harness.png') });
});
