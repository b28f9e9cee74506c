// Day one in the window: the local service's address is kept across restarts, and when another program holds its
// port the window says which addresses changed (a banner, and beside each ping URL); where no keychain can be used,
// Settings says so before a token is typed, asks to keep it for the session explicitly, and a token lost with the
// last session reads as not kept, never as refused. The built window in Chromium, the real core and service.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startWebServer, type WebServer } from '../../../main/browser-mode/web-server.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { startCore, tempDirs, type CoreFixture } from '../../core/app/core-fixture.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { holdPort, type HeldPort } from '../../helpers/local-targets.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { builtRendererDir } from '../global-setup.ts';
import { openDashboard, openView, screenshot, seriousViolations, startDashboard } from './dashboard-fixture.ts';

test.skip(!!chromiumMissingReason(), chromiumMissingReason());

/** A screenshot of what `shown` is in, light and dark, each axe-clean. */
async function lookInBothSchemes(page: Page, shown: Locator, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await shown.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${scheme}`);
    expect(await seriousViolations(page), scheme).toEqual([]);
  }
}

test('with its port taken by another program, the window says which addresses changed', async ({ page }) => {
  const dirs = tempDirs({ failuresToConfirmDown: 1 });
  let fixture: CoreFixture | undefined;
  let server: WebServer | undefined;
  let blocker: HeldPort | undefined;
  try {
    // The first start remembers its port; the job is wired to that address.
    fixture = await startCore(dirs);
    const status = await fixture.statusWhere((s) => s.servers.some((one) => one.situation === 'ok'));
    const usualPort = new URL(status.servers[0]?.connection.baseUrl ?? '').port;
    await fixture.calls.createHeartbeat('local', { name: 'Nightly backup', schedule: '30 2 * * *', timezone: 'UTC' });
    await fixture.core.stop();

    blocker = await holdPort(Number(usualPort));
    fixture = await startCore(dirs);
    server = await startWebServer({ core: fixture.core, rendererDir: builtRendererDir, port: 0, logger: recordingLogger() });
    await openDashboard(page, { fixture, server, dirs, close: async () => undefined });
    const banner = page.getByText(`Another program is using port ${usualPort}`);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`jobs that ping http://127.0.0.1:${usualPort}/… cannot report`);

    await openView(page, 'Heartbeats');
    await page.getByRole('row', { name: /Nightly backup/ }).getByRole('link', { name: 'Nightly backup' }).click();
    const note = page.getByRole('note').filter({ hasText: 'This address changed' });
    await expect(note).toContainText(`A job that pings http://127.0.0.1:${usualPort}/ping/`);
    await lookInBothSchemes(page, note, 'day-one-address-changed');
  } finally {
    await server?.close();
    await fixture?.core.stop();
    await blocker?.release();
    dirs.remove();
  }
});

async function openSettings(page: Page) {
  await openView(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
}

test('without a keychain, Settings says so before a token is typed and a lost token reads as not kept', async ({ page }) => {
  test.setTimeout(120_000);
  const remote = { id: 'work', name: 'Work', baseUrl: 'http://127.0.0.1:9/api', kind: 'remote', enabled: true };
  const dashboard = await startDashboard({}, {
    secrets: new MemorySecretStore('Platform failure: no D-Bus session bus'),
    settingsFile: { version: 2, connections: [remote] },
  });
  try {
    await openDashboard(page, dashboard);
    await expect(page.getByText('Vigil could not keep the token for Work: with no keychain to use, it was kept only until Vigil quit. Enter it again.')).toBeVisible();
    await expect(page.getByText('did not accept the saved token')).toHaveCount(0);

    await openSettings(page);
    await expect(page.getByText('Tokens are kept only until Vigil quits')).toBeVisible();
    await expect(page.getByText('Kept in the system keychain')).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Add a server' });
    await expect(form.getByRole('note')).toContainText('Vigil cannot use this computer’s keychain (Secret Service): Platform failure: no D-Bus session bus.');
    await form.getByRole('textbox', { name: 'Name' }).fill('Side');
    await form.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:9/api');
    await form.getByLabel('Token', { exact: true }).fill('not-a-real-token');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect(form.getByText('Tick “Keep this token until Vigil quits” to add the server without a keychain.')).toBeVisible();
    await expect(page.getByText('Token not kept')).toBeVisible();
    await lookInBothSchemes(page, form, 'day-one-no-keychain');
  } finally {
    await dashboard.close();
  }
});
