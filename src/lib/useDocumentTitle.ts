import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<title> · <app name>" in the tab and the history, in the current language. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
