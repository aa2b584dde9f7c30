import i18n, { type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const supportedLanguages = ['en', 'de', 'ru'] as const;
export type Language = (typeof supportedLanguages)[number];

/** localStorage key of the user's explicit language choice (spec section 1). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Intl locale used for money and dates in each UI language (spec section 9). */
export const intlLocales: Record<Language, string> = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' };

export const resources = {
  en: { translation: en },
  de: { translation: de },
  ru: { translation: ru },
} as const;

/** Shared by the app and the tests that check language detection. */
export const i18nInitOptions: InitOptions = {
    resources,
    supportedLngs: supportedLanguages,
    // Without this a browser in de-DE would not match 'de' and fall back to English.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // Only an explicit choice is saved (setLanguage), not what the browser happened to say.
      caches: [],
    },
    interpolation: { escapeValue: false },
    returnNull: false,
};

void i18n.use(LanguageDetector).use(initReactI18next).init(i18nInitOptions);

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage(language);
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** The supported language for an i18next language code such as 'de-DE'. */
export function currentLanguage(code: string | undefined = i18n.resolvedLanguage): Language {
  const base = (code ?? 'en').toLowerCase().split('-')[0];
  return (supportedLanguages as readonly string[]).includes(base ?? '') ? (base as Language) : 'en';
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the switch still applies to this visit.
  }
  await i18n.changeLanguage(language);
}

export default i18n;
