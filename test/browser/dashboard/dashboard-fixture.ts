// The dashboard end to end: the built window in Chromium, served by browser mode's web server from the real core,
// which runs a real embedded service process (local mode). Polling every 10 s and one failed check meaning down
// keep the tests short; everything else is as shipped.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { startWebServer, type WebServer } from '../../../main/browser-mode/web-server.ts';
import type { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { startCore, tempDirs, type CoreFixture } from '../../core/app/core-fixture.ts';
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

/** Opens the window on the launch's session (the launch URL opens Vigil once: see openSignedIn) and waits for the first status. */
export async function openDashboard(page: Page, dashboard: Dashboard): Promise<void> {
  await openSignedIn(page, dashboard.server);
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
  await expect(page.locator('.sidebar-status')).not.toContainText('connecting');
}

export async function openView(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Screenshots go where the test run keeps its results, one file per view and colour scheme. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = path.resolve('test-results', 'screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/** Serious and critical axe findings (WCAG 2.1 A/AA and best practice), as "rule: target" lines for a readable failure. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`));
}
