/**
 * The imprint and the privacy notice: German law requires both on the association's site, and
 * only the association can write them. Their texts are Markdown files, one per language, named
 * in the build settings with `{lng}` for the language:
 *
 *   VITE_IMPRINT_MARKDOWN=legal/imprint.{lng}.md
 *   VITE_PRIVACY_MARKDOWN=legal/privacy.{lng}.md
 *
 * A demo project without them shows the demo texts in legal/demo/; a production build without
 * them fails (buildConfig.ts). The Markdown becomes HTML at build time, in the module
 * `virtual:legal-pages`; micromark's defaults keep raw HTML and javascript: links out of it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { micromark } from 'micromark';
import type { Plugin } from 'vite';
import { intlLocales } from '../src/domain/locales.ts';

export const LEGAL_PAGES_MODULE = 'virtual:legal-pages';
const RESOLVED_ID = `\0${LEGAL_PAGES_MODULE}`;

export const legalPages = ['imprint', 'privacy'] as const;
export type LegalPage = (typeof legalPages)[number];
/** What the module exports: each page's HTML in each language. */
export type LegalTexts = Record<LegalPage, Record<keyof typeof intlLocales, string>>;

const languages = Object.keys(intlLocales) as Array<keyof typeof intlLocales>;

export const LEGAL_SETTINGS: Record<LegalPage, string> = {
  imprint: 'VITE_IMPRINT_MARKDOWN',
  privacy: 'VITE_PRIVACY_MARKDOWN',
};
const DEMO_FILES: Record<LegalPage, string> = {
  imprint: 'legal/demo/imprint.{lng}.md',
  privacy: 'legal/demo/privacy.{lng}.md',
};

/** The file of each language that a setting names. */
export function filesOf(setting: string, root: string): Array<[keyof typeof intlLocales, string]> {
  return languages.map((language) => [language, resolve(root, setting.replaceAll('{lng}', language))]);
}

/**
 * Why a setting cannot give the texts (for buildConfig.ts), or undefined: it needs `{lng}`, and
 * every language's file must exist and hold text.
 */
export function checkLegalSetting(value: string, root: string): string | undefined {
  if (!value.includes('{lng}')) return `"${value}" must contain {lng}, e.g. legal/imprint.{lng}.md (one file per language: ${languages.join(', ')}).`;
  const problems = filesOf(value, root).flatMap(([language, file]) => {
    if (!existsSync(file)) return [`${language}: ${file} does not exist`];
    return readFileSync(file, 'utf8').trim() ? [] : [`${language}: ${file} is empty`];
  });
  return problems.length > 0 ? `names files that cannot be used (${problems.join('; ')}).` : undefined;
}

/** The HTML of each page in each language, from the settings or, where unset, the demo texts. */
export function renderLegalTexts(env: Readonly<Record<string, string | undefined>>, root: string): { texts: LegalTexts; files: string[] } {
  const files: string[] = [];
  const render = (page: LegalPage) =>
    Object.fromEntries(
      filesOf(env[LEGAL_SETTINGS[page]]?.trim() || DEMO_FILES[page], root).map(([language, file]) => {
        files.push(file);
        return [language, micromark(readFileSync(file, 'utf8'))];
      }),
    ) as Record<keyof typeof intlLocales, string>;
  return { texts: { imprint: render('imprint'), privacy: render('privacy') }, files };
}

/** Serves `virtual:legal-pages` to the app, in the dev server, the tests and the build alike. */
export function legalPagesPlugin(): Plugin {
  let root = process.cwd();
  let env: Readonly<Record<string, string | undefined>> = {};
  return {
    name: 'family-portal:legal-pages',
    configResolved(config) {
      root = config.root;
      env = config.env;
    },
    resolveId(id) {
      return id === LEGAL_PAGES_MODULE ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { texts, files } = renderLegalTexts(env, root);
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
