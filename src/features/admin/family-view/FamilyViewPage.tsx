/**
 * An admin's read-only view of one family: the parent's five screens, the same
 * components and figures, fed by the viewFamily function (which writes the audit log) instead of
 * the parent's own reads, under a banner that says whose portal this is. The screens leave out
 * everything that changes data (familyScope.tsx).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { apiErrorKey, type CallErrorKey } from '../../../api/errorMessages';
import { fetchFamilyView } from '../../../api/office';
import { Icon, NAV_ITEMS } from '../../../routing/navigation';
import { Alert } from '../../../components/Alert';
import { FamilyScreen } from '../../../components/FamilyScreen';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { DataContext, NO_EDITS, type DataState } from '../../../data/DataProvider';
import { EMPTY, familyOf, type FamilyData } from '../../../data/familyData';
import { FamilyScope, useFamilyScope } from '../../../routing/familyScope';
import { familyViewPath, paths } from '../../../routing/paths';

type Loaded = { family: FamilyData } | { error: CallErrorKey | 'notFound' };

function useFamilyView(memberId: string): Loaded | null {
  const [loaded, setLoaded] = useState<{ memberId: string; result: Loaded } | null>(null);
  useEffect(() => {
    let current = true;
    fetchFamilyView(memberId).then(
      (data) => current && setLoaded({ memberId, result: { family: familyOf(data) } }),
      (error: unknown) => current && setLoaded({ memberId, result: { error: error instanceof ApiError && error.status === 404 ? 'notFound' : apiErrorKey(error) } }),
    );
    return () => {
      current = false;
    };
  }, [memberId]);
  return loaded?.memberId === memberId ? loaded.result : null;
}

function Screens() {
  const { t } = useTranslation();
  const { to } = useFamilyScope();
  return (
    <nav aria-label={t('nav.label')} className="flex gap-1 overflow-x-auto border-b border-slate-200 px-4">
      {NAV_ITEMS.map((item) => (
        <NavLink key={item.path} to={to(item.path)} end
          className={({ isActive }) => `-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-teal-700 text-teal-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}>
          <Icon path={item.icon} className="size-5" />
          {t(item.labelKey)}
        </NavLink>
      ))}
    </nav>
  );
}

export default function FamilyViewPage() {
  const { t } = useTranslation();
  const memberId = useParams().memberId ?? '';
  const loaded = useFamilyView(memberId);
  const family = loaded && 'family' in loaded ? loaded.family : null;
  const data = useMemo<DataState>(
    () => ({ ...(family ?? EMPTY), loading: loaded === null, error: null, ...NO_EDITS }),
    [family, loaded],
  );
  const name = family?.member?.primaryName || memberId;

  return (
    <FamilyScope base={familyViewPath(memberId)}>
      <DataContext.Provider value={data}>
        <div className="min-h-dvh bg-slate-50">
          <header className="sticky top-0 z-20 border-b border-amber-300 bg-amber-50">
            <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
              <p className="font-semibold text-amber-950" role="status">{t('admin.familyView.banner', { name })}</p>
              <div className="flex flex-wrap items-center gap-2">
                <LanguageSelect />
                <Link to={paths.adminAccounts} className="rounded-md border border-amber-400 bg-white px-3 py-1 text-sm font-medium text-amber-950 hover:bg-amber-100">
                  {t('admin.familyView.back')}
                </Link>
              </div>
            </div>
          </header>
          <div className="mx-auto max-w-6xl bg-white">
            <Screens />
          </div>
          <main className="mx-auto max-w-6xl px-4 pt-6 pb-6">
            {loaded && 'error' in loaded ? (
              <Alert tone="error">{loaded.error === 'notFound' ? t('admin.familyView.notFound', { id: memberId }) : t('admin.familyView.loadError', { message: t(loaded.error) })}</Alert>
            ) : (
              <FamilyScreen />
            )}
          </main>
        </div>
      </DataContext.Provider>
    </FamilyScope>
  );
}
