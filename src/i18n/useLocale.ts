import { useTranslation } from 'react-i18next';
import { currentLanguage, intlLocales } from '.';

/** The Intl locale of the UI language: en-GB, de-DE or ru-RU. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return intlLocales[currentLanguage(i18n.resolvedLanguage)];
}
