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
