import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/helpers/chromium.ts';

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  globalTimeout: 12 * 60_000,
  expect: { timeout: 5_000 },
  workers: 2,
  forbidOnly: process.env.CI === 'true',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions, viewport: { width: 1280, height: 800 } },
});
