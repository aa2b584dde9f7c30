import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** The production build that every browser test loads, served by tools/serveDist.ts as Hosting serves it. */
export const HOSTING_PORT = 4173;
export const HOSTING_ORIGIN = `http://127.0.0.1:${HOSTING_PORT}`;
/** Outside dist/, so that the test never overwrites what a developer is about to deploy. */
export const HOSTING_DIST = '.cache/hosting-dist';
/**
 * The demo build talks to the emulators: its generated deploy configuration (tools/hostingConfig.ts)
 * adds them and the local push service (the browser tests' build sets VITE_PUSH_SERVICE_URL) to
 * the CSP's connect-src, the only change to firebase.json's policy. A production build adds its
 * project's functions origin instead and never names 127.0.0.1.
 */
export const EMULATOR_ORIGINS = 'http://127.0.0.1:9099 http://127.0.0.1:8080 http://127.0.0.1:5001 http://127.0.0.1:8790';

/**
 * Every console error, uncaught error and CSP violation of the page, across navigations; the
 * page starts in `language` (English unless told; null leaves the choice to the browser and the
 * test), and a sign-in may choose another language after this.
 */
export async function watchForProblems(page: Page, { language = 'en' }: { language?: string | null } = {}): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (violation: string) => problems.push(`CSP: ${violation}`));
  await page.addInitScript((startLanguage) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
    if (startLanguage) localStorage.setItem('language', startLanguage);
  }, language);
  return problems;
}

/**
 * The built files (`assets/…`) of the source modules matching `pattern`, from the build's Vite
 * manifest: how a test recognises, say, Firestore's code among the hashed chunk names.
 */
export function builtChunks(pattern: RegExp): string[] {
  const manifest = JSON.parse(readFileSync(`${HOSTING_DIST}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const files = Object.entries(manifest)
    .filter(([source]) => pattern.test(source))
    .map(([, chunk]) => chunk.file);
  if (files.length === 0) throw new Error(`no built chunk for ${pattern} in ${HOSTING_DIST}/.vite/manifest.json`);
  return files;
}
