/**
 * Pre-renders the login page into the build, once per language (src/prerender.tsx renders it).
 *
 * Most visits to the portal start at /login, on a phone, before anything is cached. Served as
 * HTML the form paints after the page and its stylesheet, instead of after the JavaScript too;
 * the JavaScript then hydrates the form in place. Firebase Hosting picks the language by its i18n
 * rewrites (firebase.json: `i18n.root`): `localized-files/<language>/login/index.html` for the
 * first of the browser's languages that has one, or for the `firebase-language-override` cookie,
 * which the app sets when someone chooses a language (src/i18n); `login/index.html` (English)
 * for every other visitor, as the app's own detection would choose.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderedPage } from '../src/prerender';

export const LOCALIZED_ROOT = 'localized-files';
const DEFAULT_LANGUAGE = 'en';

export type PrerenderedLoginPage = PrerenderedPage & { language: string };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html with the page in #root, its language on <html> and its title. */
export function pageFromTemplate(template: string, page: PrerenderedLoginPage): string {
  const replacements: Array<[RegExp, string]> = [
    [/<html lang="[^"]*">/, `<html lang="${escapeHtml(page.language)}">`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`],
    // main.tsx hydrates what it finds only if it was rendered in the language it detects.
    [/<div id="root"><\/div>/, `<div id="root" data-prerendered="${escapeHtml(page.language)}">${page.html}</div>`],
    // The page paints without its scripts, so the stylesheet goes first; the scripts still start
    // at once. Lighthouse's model counts a high-priority script that loaded before the first
    // paint as holding it up, which here it does not.
    [/<script type="module" crossorigin /, '<script type="module" fetchpriority="low" crossorigin '],
    [/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" fetchpriority="low" crossorigin '],
  ];
  return replacements.reduce((html, [pattern, replacement]) => {
    if (html.search(pattern) < 0) throw new Error(`index.html has no ${pattern.source}: the login page cannot be pre-rendered into it`);
    // A function, so that "$" in the page is not read as a replacement pattern.
    return html.replace(pattern, () => replacement);
  }, template);
}

/** Where each language's page goes in the build, relative to its root. */
export function prerenderedPaths(language: string): string[] {
  const localized = join(LOCALIZED_ROOT, language, 'login', 'index.html');
  return language === DEFAULT_LANGUAGE ? [join('login', 'index.html'), localized] : [localized];
}

/** Writes the pre-rendered login pages next to index.html once a client build is done. */
export function prerenderLogin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'family-portal:prerender-login',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      // The app's own modules, run in Node by Vite with the build's mode and settings (the
      // school's contact link is part of the page).
      const server = await createServer({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        // Not the dev server's pre-bundled dependencies: a build while `vite` runs (the browser
        // tests start both) must not rewrite them under it, which makes it reload its pages.
        cacheDir: resolve(config.cacheDir, 'prerender'),
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { languages, renderLoginPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('../src/prerender');
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        for (const language of languages) {
          const page = pageFromTemplate(template, { language, ...(await renderLoginPage(language)) });
          for (const path of prerenderedPaths(language)) {
            await mkdir(dirname(join(outDir, path)), { recursive: true });
            await writeFile(join(outDir, path), page);
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}
