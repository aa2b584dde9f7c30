import { useTranslation } from 'react-i18next';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="mr-3 size-6 animate-spin rounded-full border-4 border-teal-700 border-t-transparent" aria-hidden="true" />
      <span className="text-slate-700">{t('common.loading')}</span>
    </div>
  );
}
