import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { signOut } from '../auth/authActions';
import { useAuth } from '../auth/AuthProvider';
import { LanguageSelect } from './LanguageSelect';

/** A titled page for a route whose screen is not built yet. */
export function PlaceholderPage({ titleKey }: { titleKey: ParseKeys }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const title = t(titleKey);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div className="min-h-dvh">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <span className="font-semibold text-teal-800">{t('app.name')}</span>
        <div className="flex items-center gap-3">
          <LanguageSelect />
          {user && (
            <button type="button" onClick={() => void signOut()} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50">
              {t('common.signOut')}
            </button>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{t('common.comingSoon')}</p>
      </main>
    </div>
  );
}
