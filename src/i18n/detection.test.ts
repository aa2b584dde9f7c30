// @vitest-environment jsdom
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, i18nInitOptions, LANGUAGE_STORAGE_KEY, setLanguage } from '.';

async function detectWith(browserLanguages: string[]): Promise<string> {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(browserLanguages[0] ?? '');
  const instance = i18next.createInstance().use(LanguageDetector);
  await instance.init(i18nInitOptions);
  return currentLanguage(instance.resolvedLanguage);
}

describe('language detection', () => {
  afterEach(() => localStorage.clear());

  it('uses the saved choice first', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    expect(await detectWith(['de-DE'])).toBe('ru');
  });

  it('uses the browser language when nothing is saved, including regional variants', async () => {
    expect(await detectWith(['de-DE', 'en'])).toBe('de');
    expect(await detectWith(['ru-RU'])).toBe('ru');
  });

  it('falls back to English for other browser languages', async () => {
    expect(await detectWith(['fr-FR'])).toBe('en');
  });

  it('does not save a detected language, only an explicit choice', async () => {
    await detectWith(['de-DE']);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    await setLanguage('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  });
});
