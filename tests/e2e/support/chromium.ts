/** How the browser tests launch Debian's Chromium (playwright.config.ts, and push.spec.ts's full build). */
import type { LaunchOptions } from '@playwright/test';

export const launchOptions = (executablePath: string): LaunchOptions => ({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
