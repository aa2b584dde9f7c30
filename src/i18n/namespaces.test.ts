import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { NAMESPACES, textsOf, type Tree } from './namespaces';

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

describe('the namespaces a language file is cut into', () => {
  it('gives every text to exactly one namespace', () => {
    const all = keysOf(en).sort();
    const cut = NAMESPACES.flatMap((namespace) => keysOf(textsOf(en, namespace))).sort();
    expect(cut).toEqual(all);
  });

  it('keeps the sign-in texts public, the console office and a signed-in screen family, also within a split section', () => {
    expect(keysOf(textsOf(en, 'public'))).toEqual(expect.arrayContaining(['auth.login.title', 'family.data.deleted', 'language.label']));
    expect(keysOf(textsOf(en, 'public'))).not.toContain('family.data.title');
    expect(keysOf(textsOf(en, 'family'))).toEqual(expect.arrayContaining(['pages.dashboard.title', 'nav.home']));
    expect(keysOf(textsOf(en, 'family')).some((key) => key.startsWith('admin.'))).toBe(false);
    expect(keysOf(textsOf(en, 'office')).every((key) => key.startsWith('admin.'))).toBe(true);
  });

  it('gives a new section to the family, so that a signed-in screen’s text never reaches /login by default', () => {
    expect(textsOf({ newFeature: { title: 'New' } }, 'family')).toEqual({ newFeature: { title: 'New' } });
    expect(textsOf({ newFeature: { title: 'New' } }, 'public')).toEqual({});
  });
});
