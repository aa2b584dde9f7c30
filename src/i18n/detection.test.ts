// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLanguageDetector,
  currentLanguage,
  HOSTING_LANGUAGE_COOKIE,
  i18nInitOptions,
  LANGUAGE_STORAGE_KEY,
  loadTextsOf,
  localeBackend,
  setLanguage,
  syncHostingLanguage,
} from '.';

async function detectWith(browserLanguages: string[]): Promise<string> {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(browserLanguages[0] ?? '');
  const instance = i18next.createInstance().use(localeBackend).use(createLanguageDetector());
  await instance.init(i18nInitOptions);
  return currentLanguage(instance.resolvedLanguage);
}

describe('language detection', () => {
  afterEach(() => {
    localStorage.clear();
    document.cookie = `${HOSTING_LANGUAGE_COOKIE}=; max-age=0; path=/`;
  });

  it('uses the saved choice first', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    expect(await detectWith(['de-DE'])).toBe('ru');
  });

  it('uses the browser language when nothing is saved, including regional variants', async () => {
    expect(await detectWith(['de-DE', 'en'])).toBe('de');
    expect(await detectWith(['ru-RU'])).toBe('ru');
  });

  it('takes the first browser language the portal speaks, after ones it does not', async () => {
    expect(await detectWith(['fr-FR', 'ru', 'de'])).toBe('ru');
  });

  it('ignores a saved choice the portal does not speak', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(await detectWith(['de-DE'])).toBe('de');
  });

  it("loads the detected language's public texts, and no other language's or namespace's", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ru-RU', 'en']);
    const instance = i18next.createInstance().use(localeBackend).use(createLanguageDetector());
    await instance.init(i18nInitOptions);
    expect(instance.t('language.label')).toBe('Язык');
    expect(['en', 'de', 'ru'].filter((language) => instance.hasResourceBundle(language, 'public'))).toEqual(['ru']);
    expect(instance.hasResourceBundle('ru', 'family')).toBe(false);
    expect(instance.hasResourceBundle('ru', 'office')).toBe(false);
  });

  it("finds a signed-in screen's text once its namespace is loaded, also after a switch of language", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ru-RU']);
    const instance = i18next.createInstance().use(localeBackend).use(createLanguageDetector());
    await instance.init(i18nInitOptions);
    await instance.loadNamespaces('family');
    expect(instance.t('nav.family')).toBe('Семья');
    await instance.changeLanguage('de');
    expect(instance.t('nav.family')).toBe('Familie');
    expect(instance.hasResourceBundle('de', 'office')).toBe(false);
  });

  it("loads a signed-in screen's texts asked for while the app starts, before i18next has chosen the language", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    const instance = i18next.createInstance().use(localeBackend).use(createLanguageDetector());
    // Not awaited: the signed-in frame asks for its texts in the same task as the app's start.
    const ready = instance.init(i18nInitOptions);
    await loadTextsOf(instance, ready, ['family']);
    expect(instance.t('nav.family')).toBe('Familie');
  });

  it('rejects like a failed chunk when the texts did not arrive', async () => {
    const instance = i18next.createInstance().use(localeBackend).use(createLanguageDetector());
    await instance.init(i18nInitOptions);
    vi.spyOn(instance, 'loadNamespaces').mockResolvedValue(undefined);
    await expect(loadTextsOf(instance, Promise.resolve(), ['office'])).rejects.toThrow(/^Failed to fetch dynamically imported module: texts office/);
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

  it("tells Hosting an explicit choice by its cookie, so that the next /login comes in that language", async () => {
    await detectWith(['de-DE']);
    expect(document.cookie).not.toContain(HOSTING_LANGUAGE_COOKIE);
    await setLanguage('ru');
    expect(document.cookie).toContain(`${HOSTING_LANGUAGE_COOKIE}=ru`);
  });

  it('gives Hosting a choice saved before the cookie existed, and leaves a browser without a choice alone', () => {
    syncHostingLanguage();
    expect(document.cookie).not.toContain(HOSTING_LANGUAGE_COOKIE);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    syncHostingLanguage();
    expect(document.cookie).toContain(`${HOSTING_LANGUAGE_COOKIE}=de`);
  });
});
