import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';
import { LegalLinks } from './LegalLinks';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** The frame of the public pages: app name, language selector, one centred card; `wide` for long texts. */
export function PublicLayout({ title, children, above, wide = false }: { title: string; children: ReactNode; above?: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <span className="font-semibold text-teal-800">{t('app.name')}</span>
        <div className="flex items-center gap-2">
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </header>
      {above}
      <main className={`mx-auto w-full px-4 py-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-6 space-y-4">{children}</div>
      </main>
      <LegalLinks />
    </div>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700';
export const primaryButtonClass =
  'inline-flex w-full items-center justify-center rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
export const linkClass = 'font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900';
