import i18n, { type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Namespace } from './namespaces';

export const supportedLanguages = ['en', 'de', 'ru'] as const;
export type Language = (typeof supportedLanguages)[number];

/** localStorage key of the user's explicit language choice (spec section 1). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Intl locale used for money and dates in each UI language (spec section 9). */
export { intlLocales } from '../domain/locales';

const isSupported = (code: string): code is Language => (supportedLanguages as readonly string[]).includes(code);

/**
 * Each language's texts are cut into namespaces (namespaces.ts), each a chunk of its own, loaded
 * when that language and the pages that need them are used: /login loads one language's public
 * texts, not three languages' every screen.
 */
const TEXTS: Record<Namespace, Record<string, () => Promise<unknown>>> = {
  public: import.meta.glob('./locales/*.json', { query: '?texts=public', import: 'default' }),
  family: import.meta.glob('./locales/*.json', { query: '?texts=family', import: 'default' }),
  office: import.meta.glob('./locales/*.json', { query: '?texts=office', import: 'default' }),
};
export const localeBackend = resourcesToBackend((language: string, namespace: string) => {
  const load = TEXTS[namespace as Namespace]?.[`./locales/${language}.json`];
  return load ? load() : Promise.reject(new Error(`no texts for ${language}/${namespace}`));
});

/**
 * The first of the browser's languages that the portal speaks, else English. Deciding here
 * (instead of by i18next's fallback) means the texts of one language are all that load.
 */
export const supportedBrowserLanguage = {
  name: 'supportedBrowserLanguage',
  lookup(): string {
    const codes = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
    return codes.map((code) => (code ?? '').toLowerCase().split('-')[0] ?? '').find(isSupported) ?? 'en';
  },
};

export function createLanguageDetector(): LanguageDetector {
  const detector = new LanguageDetector();
  detector.addDetector(supportedBrowserLanguage);
  return detector;
}

/** Shared by the app and the tests that check language detection. */
export const i18nInitOptions: InitOptions = {
  supportedLngs: supportedLanguages,
  // Without this a browser in de-DE would not match 'de'.
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  // The detector always ends in a supported language and every language has every key (see
  // locales.test.ts), so no second language is loaded as a fallback.
  fallbackLng: false,
  detection: {
    order: ['localStorage', supportedBrowserLanguage.name],
    lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    // Only an explicit choice is saved (setLanguage), not what the browser happened to say.
    caches: [],
  },
  // The signed-in pages add their namespaces as they load (loadTexts); a key is looked up in
  // each loaded namespace in turn, so the code names keys as if the file were one.
  ns: ['public'],
  defaultNS: 'public',
  fallbackNS: ['family', 'office'],
  interpolation: { escapeValue: false },
  returnNull: false,
};

/** Settles once the detected language's texts are loaded: render after it, never before. */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBackend)
  .use(createLanguageDetector())
  .use(initReactI18next)
  .init(i18nInitOptions);

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage(language);
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/**
 * Loads the texts of `namespaces` in the current language, and in each language chosen later
 * (i18next reloads every namespace asked for on a switch). Rejects like a failed chunk when they
 * did not arrive, so that a lazy page retries as for its own chunk (app/lazyWithReload).
 */
export const loadTexts = (namespaces: readonly Namespace[]): Promise<void> => loadTextsOf(i18n, i18nReady, namespaces);

/**
 * `loadTexts` for one i18next instance. It waits for `ready`, the instance's init: until then
 * the language is not chosen yet (i18next decides it a task later), and i18next would answer at
 * once without loading anything. The signed-in pages ask for their texts while the app starts.
 */
export async function loadTextsOf(instance: typeof i18n, ready: Promise<unknown>, namespaces: readonly Namespace[]): Promise<void> {
  await ready.catch(() => undefined);
  await instance.loadNamespaces([...namespaces]);
  const language = currentLanguage(instance.resolvedLanguage);
  const missing = namespaces.filter((namespace) => !instance.hasResourceBundle(language, namespace));
  if (missing.length > 0) throw new Error(`Failed to fetch dynamically imported module: texts ${missing.join(', ')} (${language})`);
}

/** The supported language for an i18next language code such as 'de-DE'. */
export function currentLanguage(code: string | undefined = i18n.resolvedLanguage): Language {
  const base = (code ?? 'en').toLowerCase().split('-')[0] ?? '';
  return isSupported(base) ? base : 'en';
}

/**
 * Firebase Hosting's i18n rewrites read this cookie before the browser's Accept-Language: with
 * it, the pre-rendered login page (tools/prerender.ts) comes in the language chosen here.
 */
export const HOSTING_LANGUAGE_COOKIE = 'firebase-language-override';

function tellHosting(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${HOSTING_LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
}

function savedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return saved && isSupported(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** A choice saved before the cookie existed reaches Hosting from the next visit on. */
export function syncHostingLanguage(): void {
  const saved = savedLanguage();
  if (saved && !document.cookie.split('; ').includes(`${HOSTING_LANGUAGE_COOKIE}=${saved}`)) tellHosting(saved);
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the switch still applies to this visit.
  }
  tellHosting(language);
  await i18n.changeLanguage(language);
}

export default i18n;
