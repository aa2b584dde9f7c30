import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, supportedLanguages, type Language } from '../i18n';
import { useHydrated } from '../lib/useHydrated';

/** A labelled select that switches the UI language and remembers the choice. */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only text-sm text-slate-600 sm:not-sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={currentLanguage(i18n.resolvedLanguage)}
        onChange={(event) => void setLanguage(event.target.value as Language)}
        disabled={!hydrated}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
