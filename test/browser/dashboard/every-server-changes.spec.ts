// Every server at once, end to end in Chromium, as servers come, go and are slow: the real core over local mode
// and two real `vigil service` processes with their own tokens. A server that answers after 30 s (a proxy in front
// of a real service, holding every answer) holds nobody up: while it is held, a monitor going down on another server
// shows under that server, and the slow one's group says it has not answered yet. Removing a server in Settings
// drops its group, its rows and its token. A settings file of the previous version (one active connection, a snooze
// by bare item key) opens with every server watched, a group each, and the snooze kept. Light and dark, axe-clean.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { startOtherServer, type OtherServer } from '../../core/app/core-fixture.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { startDelayingProxy, type DelayingProxy } from '../../helpers/delaying-proxy.ts';
import { createOnService, type ServiceProcess } from '../../helpers/service-process.ts';
import { openDashboard, openView, screenshot, seriousViolations, startDashboard, type Dashboard } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());
test.describe.configure({ mode: 'serial' });

const slowAnswerMs = 30_000;
const slowId = 'slow';

let dashboard: Dashboard;
let upgraded: Dashboard | undefined;
let work: OtherServer;
let side: OtherServer;
let workId: string;
let proxy: DelayingProxy | undefined;

/** Creates something straight on a service (not through Vigil), as another user of that server would. */
async function createOn(service: ServiceProcess, token: string, what: 'monitors' | 'heartbeats', body: Record<string, unknown>): Promise<{ id: string }> {
  const answer = await createOnService(service, token, what, body);
  if (!answer.ok) throw new Error(`creating ${what} failed: ${answer.status} ${await answer.text()}`);
  const created = (await answer.json()) as { id: string | number };
  return { id: String(created.id) };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // One failed check confirms "down" on Work, so the tests need not wait for a second.
  [dashboard, work, side] = await Promise.all([startDashboard(), startOtherServer({ failuresToConfirmDown: 1 }), startOtherServer()]);
  workId = (await dashboard.fixture.calls.addRemoteConnection({ name: 'Work', baseUrl: work.apiUrl, token: work.token })).id;
  await createOn(side, side.token, 'heartbeats', { name: 'Nightly export', expected_interval: 86_400 });
});

test.afterAll(async () => {
  await upgraded?.close();
  await dashboard?.close();
  await proxy?.close();
  await Promise.all([work?.close(), side?.close()]);
});

const group = (page: Page, name: string) => page.locator('.server-group').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} `) }) });

test('a server answering after 30 s holds nobody up: a monitor down on another shows under it meanwhile', async ({ page }) => {
  await openDashboard(page, dashboard);
  await expect(page.locator('.server-group')).toHaveCount(2);

  // The Side project's real service behind a proxy that holds every answer for 30 s; its token in the keychain.
  const slow = await startDelayingProxy(side.apiUrl, slowAnswerMs);
  proxy = slow;
  await dashboard.fixture.secrets.set(slowId, side.token);
  const began = Date.now();
  dashboard.fixture.settings.update((s) => ({ ...s, connections: [...s.connections, { id: slowId, name: 'Slow', baseUrl: slow.apiUrl, kind: 'remote', sourceKind: 'vigil', enabled: true }] }));
  await expect.poll(() => slow.pending(), { timeout: 5_000 }).toBeGreaterThan(0);

  // Its group is there at once and says it has not answered; nothing of it is shown as if it had.
  const slowGroup = group(page, 'Slow');
  await expect(slowGroup.getByRole('heading', { level: 2 })).toHaveAccessibleName('Slow Not known yet');
  await expect(slowGroup.locator('.server-group-summary')).toHaveText('0 items · no answer yet');
  await expect(slowGroup).toContainText('Nothing is watched on Slow yet.');
  await expect(page.locator('.page-summary')).toHaveText('3 servers: 1 has not answered yet');

  // Meanwhile a monitor goes down on Work (nothing listens on port 9 of loopback) and shows under Work.
  await dashboard.fixture.calls.createMonitor(workId, { name: 'Checkout API', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  await page.getByRole('button', { name: 'Refresh now' }).click();
  const attentionOnWork = group(page, 'Work').getByRole('table', { name: 'Needs attention on Work' });
  await expect(attentionOnWork.getByRole('row', { name: /Checkout API/ })).toContainText('Down', { timeout: 25_000 });
  const shownAfterMs = Date.now() - began;
  // Slow has still not answered: its first answer is held yet (or its wait gave up, as the app then says), and
  // nothing it was asked has been let through, however long a loaded machine took to get here.
  expect(slow.received()).toBeGreaterThan(0);
  expect(slow.passedOn()).toBe(0);
  await expect(slowGroup.locator('.server-group-summary')).toContainText('no answer yet');
  await expect(slowGroup.getByRole('row')).toHaveCount(0);
  await expect(page.locator('.server-group').getByRole('row', { name: /Checkout API/ })).toHaveCount(1);
  await expect(group(page, 'This computer').getByRole('heading', { level: 2 })).toHaveAccessibleName('This computer All up');
  test.info().annotations.push({ type: 'figure', description: `Checkout API shown down under Work ${shownAfterMs} ms after Slow was added, its answer still held` });

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await screenshot(page, `every-server-slow-held-${scheme}`);
    expect(await seriousViolations(page), `a slow server in ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });

  // Its answers let through now rather than in 30 s: its own items under its own name.
  slow.release();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(slowGroup.getByRole('row', { name: /Nightly export/ })).toBeVisible({ timeout: 30_000 });
  await expect(slowGroup.locator('.server-group-summary')).toContainText('last answer');
  await expect(page.locator('.server-group').getByRole('row', { name: /Nightly export/ })).toHaveCount(1);
});

test('removing a server in Settings drops its group, its rows in every list and its token', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page, dashboard);
  await expect(group(page, 'Slow').getByRole('row', { name: /Nightly export/ })).toBeVisible({ timeout: 15_000 });
  await openView(page, 'Heartbeats');
  await expect(page.getByRole('row', { name: /Nightly export/ })).toContainText('Slow');

  await openView(page, 'Settings');
  await page.getByRole('article', { name: 'Slow' }).getByRole('button', { name: 'Remove Slow' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Slow?' });
  await expect(confirm).toContainText('deletes its token from the keychain');
  await confirm.getByRole('button', { name: 'Remove server' }).click();
  await expect(page.getByText('Slow removed.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Slow' })).toHaveCount(0);

  // The keychain entry is gone, and so is the connection.
  expect(await dashboard.fixture.secrets.get(slowId)).toBeUndefined();
  expect((await dashboard.fixture.calls.listConnections()).map((c) => c.name)).toEqual(['This computer', 'Work']);

  await openView(page, 'Heartbeats');
  await expect(page.getByRole('heading', { name: 'No heartbeats yet' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Nightly export/ })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.locator('.server-group')).toHaveCount(2);
  await expect(group(page, 'Slow')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Nightly export/ })).toHaveCount(0);
  await expect(page.locator('.sidebar-status')).toHaveText(/^2 servers: /);
  await expect(page.getByRole('combobox', { name: 'Server' }).getByRole('option')).toHaveText(['All servers', 'This computer', 'Work']);
  // Nobody asks it anything any more.
  const asked = proxy?.received() ?? 0;
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled({ timeout: 10_000 });
  expect(proxy?.received()).toBe(asked);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await screenshot(page, `every-server-removed-${scheme}`);
  }
});

test('settings from the previous version: every connection watched, a group each, and the snooze kept', async ({ page }) => {
  test.setTimeout(120_000);
  // The previous version's file (test/core/settings/fixtures), its servers pointed at the real services.
  const v1 = JSON.parse(readFileSync(path.resolve('test/core/settings/fixtures/settings-v1.json'), 'utf8')) as {
    version: number;
    activeConnectionId: string;
    connections: { id: string; name: string; baseUrl: string; kind: string }[];
    snoozes: { key: string; until: number | 'resumed' }[];
  };
  expect(v1.version).toBe(1);
  const [, workV1, sideV1] = v1.connections;
  if (workV1 === undefined || sideV1 === undefined) throw new Error('the fixture has three connections');
  expect(v1.activeConnectionId).toBe(workV1.id);
  workV1.baseUrl = work.apiUrl;
  sideV1.baseUrl = side.apiUrl;
  // The snooze by bare item key ("monitor:42") was set on the active server: here, a monitor of Work's that is down.
  const snoozedMonitor = await createOn(work, work.token, 'monitors', { name: 'Billing API', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  const bare = v1.snoozes.find((snooze) => snooze.key === 'monitor:42');
  if (bare === undefined) throw new Error('the fixture snoozes monitor:42');
  bare.key = `monitor:${snoozedMonitor.id}`;
  // Each server's token is in the keychain under its connection id, as the previous version left it.
  const keychain = new MemorySecretStore();
  await keychain.set(workV1.id, work.token);
  await keychain.set(sideV1.id, side.token);
  upgraded = await startDashboard({}, { settingsFile: v1, secrets: keychain });

  await openDashboard(page, upgraded);
  await expect(page.locator('.server-group')).toHaveCount(3);
  await expect(page.locator('.server-group h2')).toHaveText([/^This computer/, /^Work/, /^Side project/]);
  // Every server answers: each group has its last answer and its own items.
  for (const name of ['This computer', 'Work', 'Side project']) await expect(group(page, name).locator('.server-group-summary')).toContainText('last answer', { timeout: 30_000 });
  await expect(group(page, 'Side project').getByRole('row', { name: /Nightly export/ })).toBeVisible();
  // The snoozed monitor is down, shown as snoozed under Work, and not among what needs attention.
  const billing = group(page, 'Work').getByRole('row', { name: /Billing API/ });
  await expect(billing).toContainText('Down (snoozed)', { timeout: 30_000 });
  await expect(group(page, 'Work').getByRole('table', { name: 'Needs attention on Work' }).getByRole('row', { name: /Billing API/ })).toHaveCount(0);
  // Only under Work: the same key on another server is another item.
  await expect(page.getByRole('row', { name: /Billing API/ })).toHaveCount(1);
  // What else the file said stands: notifications paused (until 2100).
  await expect(page.locator('[data-banner="paused"]')).toContainText('Notifications are paused');
  expect((await upgraded.fixture.calls.listConnections()).map((c) => [c.name, c.enabled])).toEqual([
    ['This computer', true],
    ['Work', true],
    ['Side project', true],
  ]);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await screenshot(page, `every-server-upgraded-${scheme}`);
    expect(await seriousViolations(page), `upgraded settings in ${scheme}`).toEqual([]);
  }

  // The monitors list says so too, on Work's row.
  await openView(page, 'Monitors');
  await expect(page.getByRole('row', { name: /Billing API/ }).getByRole('button', { name: 'Unsnooze Billing API' })).toBeVisible();
});

test("a server's own \"Try again\" asks only that server again", async ({ page }) => {
  test.setTimeout(120_000);
  if (upgraded === undefined) throw new Error('runs after the upgrade test, on its dashboard');
  const { calls, requests } = upgraded.fixture;
  // No poll on its own while the test counts: every server's next one an hour away.
  await calls.updateSettings({ pollIntervalSeconds: 3600 });
  await work.stop();
  await openDashboard(page, upgraded);
  await page.getByRole('button', { name: 'Refresh now' }).click();
  const unreachable = group(page, 'Work').locator('[data-banner="unreachable"]');
  await expect(unreachable).toContainText('Vigil cannot reach Work.', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled({ timeout: 10_000 });

  // A poll lists every kind: the heartbeats' list stands for a poll of that server.
  const polls = (service: ServiceProcess) => requests(`${service.apiUrl}/heartbeats`);
  const [sideBefore, workBefore] = [polls(side), polls(work)];
  expect(sideBefore).toBeGreaterThan(0);
  await unreachable.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => polls(work), { timeout: 10_000 }).toBeGreaterThan(workBefore);
  await expect(unreachable.getByRole('button', { name: 'Try again' })).toBeEnabled({ timeout: 10_000 });
  await expect(unreachable).toContainText('Vigil cannot reach Work.');
  expect(polls(side)).toBe(sideBefore);
});

