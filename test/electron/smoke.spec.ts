// Electron smoke tests with Playwright's _electron: the built app (npm run build) in the real runtime. They run
// wherever the Electron binary exists (the release workflow's runners) and skip with a one-line reason elsewhere.
// The last one closes the window and records the app's memory at rest, the tray alone, against its budget.
// Availability is decided without `require('electron')`, which would try to download the binary.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { methodNames, windowEventNames, type VigilApi } from '../../common/ipc/contract.ts';
import { electronExecutable } from '../../scripts/electron-runtime.ts';
import { closedPort } from '../helpers/local-targets.ts';
import { atRestBudgetMb, memoryAtRest, type ProcessMemory } from './memory-at-rest.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const executable = electronExecutable();
const built = existsSync(path.join(repoRoot, 'out', 'main', 'index.js'));
const skipReason =
  executable === undefined
    ? 'Electron smoke tests skipped: the Electron runtime is not installed on this machine.'
    : built
      ? undefined
      : 'Electron smoke tests skipped: the app is not built (run `npm run build` first).';
if (skipReason !== undefined) console.log(skipReason);
test.skip(skipReason !== undefined, skipReason);
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface SmokeRecord {
  notifications: string[];
  tooltips: string[];
}

let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  const configDir = mkdtempSync(path.join(tmpdir(), 'vigil-smoke-'));
  mkdirSync(path.join(configDir, 'service'));
  // One failed check is enough to call a monitor down, so the test does not wait for a second one.
  writeFileSync(path.join(configDir, 'service', 'config.json'), JSON.stringify({ failuresToConfirmDown: 1 }));
  app = await electron.launch({
    executablePath: executable,
    args: [repoRoot],
    env: { ...process.env, VIGIL_CONFIG_DIR: configDir },
    timeout: 60_000,
  });
  page = await app.firstWindow();
});

test.afterAll(async () => {
  await app?.close();
});

test('the window opens on app://vigil with exactly the contract exposed', async () => {
  await expect.poll(() => page.url()).toBe('app://vigil/index.html');
  const exposed = await page.evaluate(() => Object.keys((window as unknown as { vigil: object }).vigil).sort());
  expect(exposed).toEqual([...methodNames, ...windowEventNames].sort());
  const nodeVisible = await page.evaluate(() => typeof (globalThis as { require?: unknown }).require);
  expect(nodeVisible).toBe('undefined');
});

test('the tray follows the status, and a monitor going down raises a notification', async () => {
  // Record what reaches the tray and the notification centre from here on, in the main process.
  await app.evaluate(({ Notification, Tray }) => {
    const record: SmokeRecord = { notifications: [], tooltips: [] };
    (globalThis as { vigilSmoke?: SmokeRecord }).vigilSmoke = record;
    const show = Notification.prototype.show;
    Notification.prototype.show = function (this: Electron.Notification) {
      record.notifications.push(this.title);
      show.call(this);
    };
    const setToolTip = Tray.prototype.setToolTip;
    Tray.prototype.setToolTip = function (this: Electron.Tray, tooltip: string) {
      record.tooltips.push(tooltip);
      setToolTip.call(this, tooltip);
    };
  });
  const recorded = () => app.evaluate(() => (globalThis as { vigilSmoke?: SmokeRecord }).vigilSmoke);

  // First start, no connection configured: local mode brings up the embedded service.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { vigil: VigilApi }).vigil.getStatus().then((status) => status.servers[0]?.connection.kind)), {
      timeout: 60_000,
    })
    .toBe('local');

  const port = await closedPort();
  await page.evaluate(
    (url) => (window as unknown as { vigil: VigilApi }).vigil.createMonitor('local', { name: 'Smoke closed port', type: 'http', url, frequency: 10 }),
    `http://127.0.0.1:${port}/`,
  );
  await expect
    .poll(
      async () => {
        await page.evaluate(() => (window as unknown as { vigil: VigilApi }).vigil.refreshNow());
        return (await recorded())?.notifications.length ?? 0;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  expect((await recorded())?.tooltips.length ?? 0).toBeGreaterThan(0);
});

test('the dashboard works in the app window: overview, a monitor created through the form, settings', async () => {
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Something is down' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Needs attention' }).getByRole('row', { name: /Smoke closed port/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Monitors', exact: true }).click();
  await page.getByRole('button', { name: 'New monitor' }).click();
  const form = page.getByRole('dialog', { name: 'New monitor' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Smoke from the form');
  await form.getByRole('combobox', { name: 'Type' }).selectOption('tcp');
  await form.getByRole('textbox', { name: 'Host and port' }).fill('127.0.0.1:9');
  await form.getByRole('button', { name: 'Create monitor' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: /Smoke from the form/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('article', { name: 'This computer' })).toContainText('In use');
  await expect(page.getByText('Desktop app')).toBeVisible();
});

test('closed, the window is released; at rest, the tray alone, all of Vigil\'s processes stay within the memory budget', async () => {
  // Closed as the person closes it: nothing typed is pending (the form above was saved), so the window goes.
  await Promise.all([page.waitForEvent('close'), app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close())]);
  // Released, not hidden: no window is left.
  await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(0);

  // The rest is the measurement itself, not a wait for something to happen: the budget is what the app holds after
  // a minute with nothing asked of it (issue 23), so this one wait is a fixed 60 s by definition.
  await sleep(60_000);
  const processes = await app.evaluate(({ app: electronApp }) =>
    electronApp.getAppMetrics().map((metric): ProcessMemory => ({ type: metric.type, name: metric.name, pid: metric.pid, workingSetKb: metric.memory.workingSetSize })),
  );
  const figures = memoryAtRest(processes, process.platform);
  console.log(figures.table);
  await test.info().attach('memory-at-rest.md', { body: figures.table, contentType: 'text/markdown' });
  // The release workflow shows this table on the run's summary page.
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${figures.table}\n\n`);

  expect(figures.countsLocalService, 'the local service is among the processes counted').toBe(true);
  expect(figures.totalMb, figures.table).toBeLessThanOrEqual(atRestBudgetMb);
});
