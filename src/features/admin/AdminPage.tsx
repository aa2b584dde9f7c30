import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchSyncHistory, fetchSyncStatus } from '../../api/adminSync';
import { paths } from '../../routing/paths';
import { useAuth } from '../../auth/AuthProvider';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LegalLinks } from '../../components/LegalLinks';
import { LatestSyncPanel } from './LatestSyncPanel';
import { ManualSyncControls } from './ManualSyncControls';
import { SyncHistory } from './SyncHistory';
import { useAsyncResource } from './useAsyncResource';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export const STATUS_REFRESH_MS = 30_000;
export const RELOAD_AFTER_SYNC_MS = 1_000;

/** The admin's data-sync console (spec section 2, Admin). */
export default function AdminPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const status = useAsyncResource(fetchSyncStatus, STATUS_REFRESH_MS);
  const history = useAsyncResource(fetchSyncHistory);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const name = user?.displayName || user?.email || '';

  useDocumentTitle(t('pages.admin.title'));
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  // After a manual sync both panels reload, a second later (spec section 2).
  const reloadSoon = () => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => {
      void status.reload();
      void history.reload();
    }, RELOAD_AFTER_SYNC_MS);
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('pages.admin.title')}</h1>
            <p className="text-sm text-slate-600">{t('admin.subtitle')}</p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-3">
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
      </header>
      <main className="mx-auto max-w-5xl space-y-4 px-4 py-6">
        <ManualSyncControls onFinished={reloadSoon} />
        <LatestSyncPanel log={status.value} loading={status.loading} error={status.error} onReload={() => void status.reload()} onSyncFinished={reloadSoon} />
        {/* Each part is drawn once what is above it has its first answer (both are asked at
            once): below a panel that is still loading, it would jump down when that panel
            fills, a layout shift. */}
        {status.settled && <SyncHistory logs={history.value} loading={history.loading} error={history.error} onReload={() => void history.reload()} />}
      </main>
      {status.settled && history.settled && <LegalLinks />}
    </div>
  );
}
