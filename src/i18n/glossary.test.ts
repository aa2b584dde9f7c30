/**
 * One word for each thing, per language (docs/glossary.md): no locale text and no e-mail text uses
 * a word the glossary rules out, and every label the glossary lists names its concept with the
 * concept's word.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Language = 'en' | 'de' | 'ru';
const LANGUAGES: Language[] = ['en', 'de', 'ru'];
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

export interface Glossary {
  /** Words wrong wherever they appear, per language. */
  forbidden: Record<Language, string[]>;
  /** A concept's stem per language, and the locale keys whose text must contain it. */
  named: Array<{ concept: string; stems: Record<Language, string>; keys: string[] }>;
}

export function parseGlossary(page: string): Glossary {
  const forbidden: Record<Language, string[]> = { en: [], de: [], ru: [] };
  for (const row of page.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Concept') && !line.startsWith('| ---'))) {
    const notToUse = row.split('|').at(-2)!.trim();
    for (const part of notToUse.split(';')) {
      const match = /^\s*(en|de|ru):\s*(.+)$/.exec(part);
      if (match) forbidden[match[1] as Language].push(...[...match[2]!.matchAll(/"([^"]+)"|([^,]+)/g)].map((word) => (word[1] ?? word[2]!).trim()).filter(Boolean));
    }
  }
  const named = [...page.matchAll(/^- (.+?) — en "(.+?)", de "(.+?)", ru "(.+?)": (.+)$/gm)].map((match) => ({
    concept: match[1]!,
    stems: { en: match[2]!, de: match[3]!, ru: match[4]! },
    keys: [...match[5]!.matchAll(/`([\w.-]+)`/g)].map((key) => key[1]!),
  }));
  return { forbidden, named };
}

/** Each text that uses a forbidden word: where, and which word. */
export function forbiddenUses(texts: Array<[string, string]>, words: readonly string[]): string[] {
  return texts.flatMap(([where, text]) => words.filter((word) => text.toLowerCase().includes(word.toLowerCase())).map((word) => `${where}: "${word}"`));
}

function flatten(node: unknown, path = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[path, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => flatten(value, path ? `${path}.${key}` : key));
}

const glossary = parseGlossary(read('docs/glossary.md'));
const locale = (language: Language) => new Map(flatten(JSON.parse(read(`src/i18n/locales/${language}.json`))));

/** The e-mails' texts as written in the functions, without the comments (they speak of code, in English). */
const MAIL_SOURCES = [
  ...readdirSync(new URL('functions/src/notifications/', root)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).map((name) => `functions/src/notifications/${name}`),
  'functions/src/office/invitationMail.ts',
];
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('the glossary', () => {
  it('is read: ten concepts, words not to use in each language, and the labels that name them', () => {
    expect(glossary.named.length).toBeGreaterThanOrEqual(7);
    for (const language of LANGUAGES) expect(glossary.forbidden[language].length).toBeGreaterThan(0);
  });

  it('finds a planted forbidden word, in any case', () => {
    expect(forbiddenUses([['finance.credit', 'PAID WITH CREDIT'], ['finance.total', 'Total balance']], glossary.forbidden.en)).toEqual(['finance.credit: "Paid with credit"']);
  });

  it.each(LANGUAGES)('no %s text uses a word it rules out', (language) => {
    expect(forbiddenUses([...locale(language)], glossary.forbidden[language])).toEqual([]);
  });

  it.each(MAIL_SOURCES)('%s uses no word it rules out, in any language', (path) => {
    const words = LANGUAGES.flatMap((language) => glossary.forbidden[language]);
    expect(forbiddenUses([[path, withoutComments(read(path))]], words)).toEqual([]);
  });

  it.each(LANGUAGES)('every %s label of a concept uses its word', (language) => {
    const texts = locale(language);
    const misnamed = glossary.named.flatMap(({ concept, stems, keys }) =>
      keys.filter((key) => !(texts.get(key) ?? '').toLowerCase().includes(stems[language].toLowerCase())).map((key) => `${key} (${concept}): "${texts.get(key)}"`),
    );
    expect(misnamed).toEqual([]);
  });
});
