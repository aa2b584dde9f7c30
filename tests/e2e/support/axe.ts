/** axe-core against the page as the user sees it: WCAG 2.x A/AA and axe's best practices. */
import { expect, test, type Page } from '@playwright/test';
import axe, { type Result, type RunOptions } from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * The rules of TAGS that read colours (axe's `cat.color`, less the AAA one): all that the other
 * theme can change. Dark mode swaps the palette's custom properties and nothing else
 * (src/index.css): the same elements, names, roles, sizes and layout, so the other rules would
 * find in dark exactly what they found in light.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Rule, impact, help link, and for each element (up to five) where it is and what to fix. */
function describe(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}\n      ${node.html.slice(0, 200)}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  ${v.id} (${v.impact}): ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

function expectNone(violations: Result[], context: string) {
  expect(violations.length, `axe violations on ${context}:\n${describe(violations)}`).toBe(0);
}

/**
 * Buttons fade their colours (transition-colors): axe must read the colours they end at. Only
 * colour transitions are waited for; a highlight that fades out on purpose is left alone.
 * Runs in the page.
 */
function colourTransitionsEnded(): Promise<unknown> {
  const fading = document.getAnimations().filter((a) => a instanceof CSSTransition && /color|background|border|fill|stroke|outline/.test(a.transitionProperty));
  return Promise.all(fading.map((a) => a.finished.catch(() => undefined)));
}

/**
 * Puts axe into the page once per document. Its source is 1.3 MB: @axe-core/playwright's legacy
 * mode evaluated it twice for every check, about 90 ms each (docs/testing.md).
 */
async function injectAxe(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/**
 * What axe checks: every rule of TAGS, or the colour rules only. Only the violations are
 * reported: axe then describes one node per passing or inapplicable rule instead of every one
 * (selectors, HTML), a large part of its time on a long screen.
 */
const runOptions = (coloursOnly: boolean): RunOptions => ({
  runOnly: coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: TAGS },
  resultTypes: ['violations'],
});

async function analyze(page: Page, within: string | undefined, coloursOnly: boolean): Promise<Result[]> {
  // axe.run() in the page itself; the portal has no frames.
  const options = runOptions(coloursOnly);
  await injectAxe(page);
  return page.evaluate(
    async ({ within, options }) => (await (window as unknown as { axe: typeof axe }).axe.run(within ?? document, options)).violations,
    { within, options },
  );
}

/**
 * Fails with a readable list (rule, impact, elements, what to fix) when axe finds a violation:
 * every rule in light mode, and the colour rules in dark mode. `within` limits the check to one
 * part of the page, e.g. an open dialog. `otherTheme: false` leaves dark mode out, for the same
 * screen checked again in another language (a language changes words, not colours).
 *
 * Both modes on the same page state: the app follows the system's colour scheme while the parent
 * has chosen none (src/lib/theme.ts), so switching the emulated scheme re-colours the very screen
 * or dialog just checked. A separate dark run of every test signed in and navigated again for
 * nothing but the colours (about 135 s of the browser suite).
 */
export async function expectNoAxeViolations(page: Page, context: string, { within, otherTheme = true }: { within?: string; otherTheme?: boolean } = {}) {
  for (const colorScheme of otherTheme ? (['light', 'dark'] as const) : (['light'] as const)) {
    await test.step(`axe: ${context}, ${colorScheme}`, async () => {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html'), 'the theme follows the emulated colour scheme').toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
      await page.evaluate(colourTransitionsEnded);
      expectNone(await analyze(page, within, colorScheme === 'dark'), `${context} (${colorScheme})`);
    });
  }
  // Back to the context's own scheme for whatever the test does next.
  await page.emulateMedia({ colorScheme: null });
}

/**
 * Checks a state that lasts only a moment (a deep-linked entry marked for two seconds): `act`
 * brings it about, and axe runs inside the page on the first element that matches `selector`,
 * without a round trip to the test in between, in light and then (colour rules) in dark mode. Fails if the state
 * was gone before axe was done.
 */
export async function expectNoAxeViolationsOnceShown(page: Page, context: string, selector: string, act: () => Promise<void>) {
  await test.step(`axe: ${context}`, async () => {
    await injectAxe(page);
    const run = page.evaluate(
      async ({ selector, lightOptions, darkOptions }) => {
        const element = await new Promise<Element>((resolve, reject) => {
          const found = () => document.querySelector(selector);
          const observer = new MutationObserver(() => {
            const match = found();
            if (match) {
              observer.disconnect();
              resolve(match);
            }
          });
          observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
          const match = found();
          if (match) resolve(match);
          setTimeout(() => reject(new Error(`${selector} did not appear within 10 s`)), 10_000);
        });
        const inPage = (window as unknown as { axe: typeof axe }).axe;
        const light = await inPage.run(element, lightOptions);
        // Then dark, as src/lib/theme.ts shows it: the class on <html>, put back afterwards.
        const html = document.documentElement;
        const classes = html.className;
        html.classList.remove('light');
        html.classList.add('dark');
        // As colourTransitionsEnded (a function cannot be handed into the page, and CSP forbids eval).
        const fading = document.getAnimations().filter((a) => a instanceof CSSTransition && /color|background|border|fill|stroke|outline/.test(a.transitionProperty));
        await Promise.all(fading.map((a) => a.finished.catch(() => undefined)));
        const dark = await inPage.run(element, darkOptions);
        html.className = classes;
        return { light: light.violations, dark: dark.violations, stillShown: element.isConnected && element.matches(selector) };
      },
      { selector, lightOptions: runOptions(false), darkOptions: runOptions(true) },
    );
    await act();
    const { light, dark, stillShown } = await run;
    expect(stillShown, `${context}: the state ended before axe had finished`).toBe(true);
    expectNone(light, `${context} (light)`);
    expectNone(dark, `${context} (dark)`);
  });
}
