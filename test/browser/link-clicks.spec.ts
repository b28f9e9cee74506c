// The preload's link guard (preload/link-clicks.ts) in real Chromium: a link the person clicks that leaves the app
// is handed over (to main, which opens it in the browser) and not followed; a click a script makes is not handed
// over, however it is made; links within the app are left alone. The guard runs as the preload runs it: before any
// script of the page.
import { expect, test, type Page } from '@playwright/test';
import { watchLinkClicks } from '../../preload/link-clicks.ts';
import { chromiumMissingReason } from '../helpers/chromium.ts';
import { servePageForFile } from './page-server.ts';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Links</title></head>
<body><main>
<a href="https://vigil.invalid/docs">Docs</a>
<a href="https://vigil.invalid/new" target="_blank">Release notes</a>
<a href="#/monitors">Monitors</a>
<svg width="20" height="20"><a href="https://vigil.invalid/icon"><rect width="20" height="20" /><title>Icon link</title></a></svg>
<script>
  // The page's own listener, after the guard's: every click that got here is counted (and those the guard already
  // stopped), and none leaves the test page.
  window.clicksSeen = 0;
  window.stoppedByGuard = 0;
  document.addEventListener('click', (event) => {
    window.clicksSeen += 1;
    if (event.defaultPrevented) window.stoppedByGuard += 1;
    if (event.target.closest('a')?.getAttribute('href').startsWith('https:')) event.preventDefault();
  });
</script>
</main></body></html>`;

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

const served = servePageForFile(page);

async function guarded(tab: Page): Promise<string[]> {
  const handedOver: string[] = [];
  await tab.exposeFunction('handOver', (url: string) => handedOver.push(url));
  await tab.addInitScript({ content: `(${watchLinkClicks.toString()})(window, (url) => window.handOver(url));` });
  await tab.goto(served.url);
  return handedOver;
}

test('hands over a link the person clicks or presses Enter on, and does not follow it', async ({ page: tab }) => {
  const handedOver = await guarded(tab);
  await tab.getByRole('link', { name: 'Docs' }).click();
  await tab.getByRole('link', { name: 'Release notes' }).click({ modifiers: ['Control'] });
  await tab.getByRole('link', { name: 'Docs' }).press('Enter');
  await expect.poll(() => handedOver).toEqual(['https://vigil.invalid/docs', 'https://vigil.invalid/new', 'https://vigil.invalid/docs']);
  expect(await tab.evaluate(() => (window as unknown as { stoppedByGuard: number }).stoppedByGuard)).toBe(3);
  expect(tab.url()).toBe(served.url);
  expect(tab.context().pages()).toEqual([tab]);
});

test('hands over nothing a script clicks', async ({ page: tab }) => {
  const handedOver = await guarded(tab);
  const seen = await tab.evaluate(() => {
    const [docs, notes] = document.querySelectorAll('a');
    docs?.click();
    notes?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.querySelector('svg a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const counts = window as unknown as { clicksSeen: number; stoppedByGuard: number };
    return [counts.clicksSeen, counts.stoppedByGuard];
  });
  // Each scripted click reached the page, past the guard, which stopped none.
  expect(seen).toEqual([3, 0]);
  // A click of the person's after them is handed over alone: had the guard taken the scripted ones, they would be first.
  await tab.getByRole('link', { name: 'Icon link' }).click();
  await expect.poll(() => handedOver).toEqual(['https://vigil.invalid/icon']);
});

test('leaves a link within the app alone', async ({ page: tab }) => {
  const handedOver = await guarded(tab);
  await tab.getByRole('link', { name: 'Monitors' }).click();
  await expect(tab).toHaveURL(`${served.url}#/monitors`);
  await tab.getByRole('link', { name: 'Docs' }).click();
  await expect.poll(() => handedOver).toEqual(['https://vigil.invalid/docs']);
});
