/** How the tests launch Debian's Chromium (playwright.config.ts, push.spec.ts's full build, the benchmarks). */
import type { LaunchOptions } from '@playwright/test';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const launchOptions = (executablePath: string): LaunchOptions => ({ executablePath, args: CHROMIUM_ARGS });
