// Debian's Chromium, as Playwright launches it in every browser test. Its own browser download is unreachable
// here, so the executable is the system one; background networking is off because this machine's closed
// network refuses those connections, many at a time.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

export const chromiumExecutable = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';

export function chromiumMissingReason(): string | undefined {
  return existsSync(chromiumExecutable)
    ? undefined
    : `Chromium not found at ${chromiumExecutable} (install Debian's chromium, or set VIGIL_CHROMIUM to a Chromium binary)`;
}

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumExecutable,
  headless: true,
  timeout: 30_000,
  chromiumSandbox: false,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-dev-shm-usage',
  ],
};
