/**
 * The office's console around each of its tabs (Data Sync, Accounts, Course requests, Notices,
 * Absences, Direct debit): the title, who is signed in, the language, the way back to the portal,
 * and the tabs. Printed, a tab is its title and content (the absences go to the teacher at the
 * door on paper).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider';
import { LanguageSelect } from '../../components/LanguageSelect';
import { paths } from '../../routing/paths';

const TABS = [
  { path: paths.admin, labelKey: 'admin.tabs.sync' },
  { path: paths.adminAccounts, labelKey: 'admin.tabs.accounts' },
  { path: paths.adminRequests, labelKey: 'admin.requests.tab' },
  { path: paths.adminNotices, labelKey: 'admin.notices.tab' },
  { path: paths.adminAbsences, labelKey: 'admin.absences.tab' },
  { path: paths.adminCollections, labelKey: 'admin.collections.tab' },
] as const;

export function AdminFrame({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const name = user?.displayName || user?.email || '';
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 pt-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            <p className="text-sm text-slate-600">{subtitle}</p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-3 print:hidden">
            <LanguageSelect />
            <span className="flex min-w-0 items-center gap-2 text-sm break-words text-slate-700">
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white">
                {name.charAt(0).toUpperCase()}
              </span>
              {name}
            </span>
            <button type="button" onClick={() => navigate(paths.dashboard)} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
              {t('admin.back')}
            </button>
          </div>
        </div>
        {/* On a phone the tabs take a second line rather than stick out. */}
        <nav aria-label={t('admin.tabs.label')} className="mx-auto mt-2 flex max-w-5xl flex-wrap gap-x-1 px-4 print:hidden">
          {TABS.map((tab) => (
            <NavLink key={tab.path} to={tab.path} end
              className={({ isActive }) => `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-teal-700 text-teal-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}>
              {t(tab.labelKey)}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-5xl space-y-4 px-4 py-6">{children}</main>
      {footer}
    </div>
  );
}
