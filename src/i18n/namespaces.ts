/**
 * Which texts load with which pages. Each language stays one file (locales/*.json) for the
 * translators; the build cuts it into three i18next namespaces (tools/localeTexts.ts), so that
 * /login, which every first visit opens, carries the sign-in texts and not every screen's.
 *
 * - `public`: the signed-out pages (sign-in, password, verification, legal, unsubscribe) and what
 *   every page shows (language, theme, update prompt). Loaded at start.
 * - `office`: the office's console. Loaded with the console's pages.
 * - `family`: everything else, the signed-in parent's screens. Loaded with the signed-in frame.
 *
 * A new section belongs to `family` unless listed here: a signed-in screen's text never lands
 * on /login by default. tools/buildConfig.build.test.ts checks the list against the built
 * /login: each public text is used there, and /login uses no text outside it.
 */
export const NAMESPACES = ['public', 'family', 'office'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Sections, or deeper paths such as `pages.login`, of the public namespace. */
export const PUBLIC_TEXTS: readonly string[] = [
  'app',
  'auth',
  'authAction',
  'banner',
  'common.backToLogin',
  'common.loading',
  'common.retry',
  'errors.api',
  'errors.tooManyLater',
  'errors.unexpected',
  // Shown on /login after a parent deleted their account.
  'family.data.deleted',
  'forgot',
  'language',
  'legal',
  'pwa',
  'reset',
  'theme',
  'unsubscribe',
  'verify',
];

export const OFFICE_TEXTS: readonly string[] = ['admin'];

export type Tree = { [key: string]: string | Tree };

/** Where a path's texts belong; undefined for a section that the lists split at a deeper level. */
function ownerOf(path: string): Namespace | undefined {
  if (PUBLIC_TEXTS.includes(path)) return 'public';
  if (OFFICE_TEXTS.includes(path)) return 'office';
  const splitBelow = [...PUBLIC_TEXTS, ...OFFICE_TEXTS].some((entry) => entry.startsWith(`${path}.`));
  return splitBelow ? undefined : 'family';
}

/** The texts of `tree` (a language's file, or a section of it at `prefix`) that belong to `namespace`. */
export function textsOf(tree: Tree, namespace: Namespace, prefix = ''): Tree {
  const picked: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const owner = ownerOf(path);
    if (owner === namespace) picked[key] = value;
    else if (owner === undefined && typeof value === 'object') {
      const below = textsOf(value, namespace, path);
      if (Object.keys(below).length > 0) picked[key] = below;
    }
  }
  return picked;
}
