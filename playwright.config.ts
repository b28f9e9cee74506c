import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/helpers/chromium.ts';

export default defineConfig({
  outputDir: 'test-results/playwright',
  globalSetup: './test/browser/global-setup.ts',
  // A net against a hang, not a measure: on a loaded machine the screenshot-and-axe tours take three times their usual 10 s.
  timeout: 90_000,
  globalTimeout: 12 * 60_000,
  // Generous: a wait ends as soon as its condition holds, and the runs share the machine with vitest (npm test).
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: process.env.CI === 'true',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  projects: [
    {
      name: 'browser',
      testDir: 'test/browser',
      testMatch: '**/*.spec.ts',
      use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions, viewport: { width: 1280, height: 800 } },
    },
    // Electron smoke tests: run where the Electron binary exists (the release workflow); here they skip with a reason.
    { name: 'electron', testDir: 'test/electron', testMatch: '**/*.spec.ts', timeout: 180_000 },
  ],
});
