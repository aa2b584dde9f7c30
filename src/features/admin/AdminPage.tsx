import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSyncHistory, fetchSyncStatus } from '../../api/adminSync';
import { LegalLinks } from '../../components/LegalLinks';
import { AdminFrame } from './AdminFrame';
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
  const status = useAsyncResource(fetchSyncStatus, STATUS_REFRESH_MS);
  const history = useAsyncResource(fetchSyncHistory);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

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
    <AdminFrame title={t('pages.admin.title')} subtitle={t('admin.subtitle')} footer={status.settled && history.settled && <LegalLinks />}>
      <ManualSyncControls onFinished={reloadSoon} />
      <LatestSyncPanel log={status.value} loading={status.loading} error={status.error} onReload={() => void status.reload()} onSyncFinished={reloadSoon} />
      {/* Each part is drawn once what is above it has its first answer (both are asked at
          once): below a panel that is still loading, it would jump down when that panel
          fills, a layout shift. */}
      {status.settled && <SyncHistory logs={history.value} loading={history.loading} error={history.error} onReload={() => void history.reload()} />}
    </AdminFrame>
  );
}
