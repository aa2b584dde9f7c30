import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import ru from './locales/ru.json';

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const baseKeys = (tree: Tree) => [...new Set(keysOf(tree).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

describe('locale files', () => {
  it.each([
    ['de', de],
    ['ru', ru],
  ])('%s has exactly the keys of en', (_language, locale) => {
    expect(baseKeys(locale as Tree)).toEqual(baseKeys(en as Tree));
  });

  it.each([
    ['en', en],
    ['de', de],
    ['ru', ru],
  ])('%s has no empty texts', (_language, locale) => {
    const texts = keysOf(locale as Tree).map((key) =>
      key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] as string | Tree, locale as Tree),
    );
    expect(texts.filter((text) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
  });
});

const locales = { en, de, ru } as Record<string, Tree>;
const textOf = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] as string | Tree, tree) as string;

describe('plural forms', () => {
  it.each(Object.keys(locales))('%s has, for every plural key, exactly the categories the language needs (Intl.PluralRules)', (language) => {
    const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
    const forms = new Map<string, string[]>();
    for (const key of keysOf(locales[language]!)) {
      const match = PLURAL_SUFFIX.exec(key);
      if (match) forms.set(key.replace(PLURAL_SUFFIX, ''), [...(forms.get(key.replace(PLURAL_SUFFIX, '')) ?? []), match[1]!]);
    }
    expect(forms.size).toBeGreaterThan(0);
    const wrong = [...forms].filter(([, categories]) => categories.sort().join() !== needed.join());
    expect(wrong.map(([base, categories]) => `${base}: ${categories.join(', ')}`)).toEqual([]);
    // A plural key has no plain form beside it that a call without count would pick instead.
    const plain = new Set(keysOf(locales[language]!));
    expect([...forms.keys()].filter((base) => plain.has(base))).toEqual([]);
  });

  it('are checked against the categories each language really has', () => {
    expect(new Intl.PluralRules('en').resolvedOptions().pluralCategories.sort()).toEqual(['one', 'other']);
    expect(new Intl.PluralRules('de').resolvedOptions().pluralCategories.sort()).toEqual(['one', 'other']);
    expect(new Intl.PluralRules('ru').resolvedOptions().pluralCategories.sort()).toEqual(['few', 'many', 'one', 'other']);
  });
});

describe('interpolation', () => {
  const variables = (tree: Tree) => {
    const byBase = new Map<string, Set<string>>();
    for (const key of keysOf(tree)) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const names = byBase.get(base) ?? new Set<string>();
      for (const [, name] of textOf(tree, key).matchAll(/{{\s*([\w.]+)\s*}}/g)) names.add(name!);
      byBase.set(base, names);
    }
    return [...byBase].map(([base, names]) => `${base}: ${[...names].sort().join(', ')}`).sort();
  };

  it.each(['de', 'ru'])('%s fills in the same values as en, text by text', (language) => {
    expect(variables(locales[language]!)).toEqual(variables(en as Tree));
  });

  it.each(Object.keys(locales))('%s takes the password minimum from the one constant ({{min}}), never a written number', (language) => {
    for (const key of ['auth.passwordHint', 'auth.errors.passwordTooShort']) {
      const text = textOf(locales[language]!, key);
      expect(text).toContain('{{min}}');
      expect(text).not.toMatch(/\d/);
    }
  });
});

describe('wording', () => {
  it('ru names the school office "канцелярия школы", never "школьный офис"', () => {
    const texts = keysOf(ru as Tree).map((key) => textOf(ru as Tree, key));
    expect(texts.filter((text) => /офис/i.test(text))).toEqual([]);
    expect(texts.filter((text) => /канцеляри/.test(text)).length).toBeGreaterThan(3);
  });

  it('de and ru title the book-deposit list in the plural', () => {
    for (const key of ['nav.bookDeposits', 'pages.bookDeposits.title', 'deposits.title']) {
      expect(textOf(de as Tree, key)).toBe('Bücherkautionen');
      expect(textOf(ru as Tree, key)).toBe('Залоги за книги');
    }
  });

  it('names the second name field as the second parent or guardian, not a middle name', () => {
    expect([en, de, ru].map((locale) => textOf(locale as Tree, 'family.fields.secondaryName'))).toEqual([
      'Second parent or guardian',
      'Zweiter Elternteil oder Erziehungsberechtigte(r)',
      'Второй родитель или опекун',
    ]);
  });
});
