// The dashboard end to end: the built window in Chromium, served by browser mode's web server from the real core,
// which runs a real embedded service process (local mode). Polling every 10 s and one failed check meaning down
// keep the tests short; everything else is as shipped.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startWebServer, type WebServer } from '../../../main/browser-mode/web-server.ts';
import type { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { startCore, tempDirs, type CoreFixture } from '../../core/app/core-fixture.ts';
import { chromiumMissingReason } from '../../helpers/chromium.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { openSignedIn } from '../../helpers/web-server.ts';
import { builtRendererDir } from '../global-setup.ts';

export interface Dashboard {
  fixture: CoreFixture;
  server: WebServer;
  dirs: ReturnType<typeof tempDirs>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** A settings file (as parsed JSON) the core starts on, as one left by an earlier version of Vigil. */
  settingsFile?: unknown;
  /** The keychain as it is when the core starts (tokens under their connection ids). */
  secrets?: MemorySecretStore;
}

export async function startDashboard(serviceConfig: Record<string, unknown> = {}, options: StartOptions = {}): Promise<Dashboard> {
  const dirs = tempDirs({ failuresToConfirmDown: 1, ...serviceConfig });
  if (options.settingsFile !== undefined) writeFileSync(path.join(dirs.configDir, 'settings.json'), JSON.stringify(options.settingsFile, null, '\t'));
  const fixture = await startCore(dirs, options.secrets);
  await fixture.calls.updateSettings({ pollIntervalSeconds: 10 });
  const server = await startWebServer({ core: fixture.core, rendererDir: builtRendererDir, port: 0, logger: recordingLogger() });
  return {
    fixture,
    server,
    dirs,
    async close() {
      await server.close();
      await fixture.core.stop();
      dirs.remove();
    },
  };
}

/**
 * The one dashboard a spec file's tests share, in the order they are written: the file is skipped where Chromium is
 * missing and its tests run serially; the dashboard starts before the file's own `beforeAll` hooks and closes after
 * the last test. Its service's settings are `serviceConfig`, or what that function gives when it is called just
 * before the start (for settings naming something the file starts first, such as a local RDAP service). What it
 * gives stands for that dashboard from the first hook on.
 */
export function dashboardForFile(serviceConfig: Record<string, unknown> | (() => Record<string, unknown>) = {}): Dashboard {
  test.skip(!!chromiumMissingReason(), chromiumMissingReason());
  test.describe.configure({ mode: 'serial' });
  let started: Dashboard | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startDashboard(typeof serviceConfig === 'function' ? serviceConfig() : serviceConfig);
  });
  test.afterAll(async () => {
    await started?.close();
  });
  const current = (): Dashboard => {
    if (started === undefined) throw new Error('the dashboard starts before the first hook: read it inside a hook or test');
    return started;
  };
  return {
    get fixture() {
      return current().fixture;
    },
    get server() {
      return current().server;
    },
    get dirs() {
      return current().dirs;
    },
    close: async () => current().close(),
  };
}

/**
 * Something else a spec file's tests share (a local target, an RDAP service): started by `start` before the file's
 * later `beforeAll` hooks, closed after its last test; tests and hooks read it as `.current`.
 */
export function startedForFile<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): { readonly current: T } {
  let started: T | undefined;
  test.beforeAll(async () => {
    started = await start();
  });
  test.afterAll(async () => {
    await started?.close();
  });
  return {
    get current(): T {
      if (started === undefined) throw new Error('it starts before the first hook: read it inside a hook or test');
      return started;
    },
  };
}

/**
 * Opens the window on the launch's session (the launch URL opens Vigil once: see openSignedIn), waits for the first
 * status and, when a view is named, goes to it by the sidebar.
 */
export async function openDashboard(page: Page, dashboard: Dashboard, view?: string): Promise<void> {
  await openSignedIn(page, dashboard.server);
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
  await expect(page.locator('.sidebar-status')).not.toContainText('connecting');
  if (view !== undefined) await openView(page, view);
}

export async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Clicks the page's button named `button` and answers the dialog named `dialog` it opens (a form, mostly). */
export async function openDialog(page: Page, button: string, dialog: string): Promise<Locator> {
  await page.getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: dialog });
}

/** Clicks a delete button (a row's, mostly) and confirms in the dialog that asks, whose button says "Delete <noun>". */
export async function deleteAndConfirm(page: Page, deleteButton: Locator, noun: string): Promise<void> {
  await deleteButton.click();
  await page.getByRole('alertdialog').getByRole('button', { name: `Delete ${noun}` }).click();
}

/** Screenshots go where the test run keeps its results, one file per view and colour scheme. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = path.resolve('test-results', 'screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/** A screenshot of the page as it is now, which must have no serious or critical axe finding. */
export async function look(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
}

/** Serious and critical axe findings (WCAG 2.1 A/AA and best practice), as "rule: target" lines for a readable failure. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`));
}
