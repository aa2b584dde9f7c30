/** The sent notices, newest first, a page at a time with older pages on request; withdrawing one. */
import type { OfficeNotice } from '@family-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listNotices, type NoticesPage } from '../../../api/officeNotices';
import type { CallErrorKey } from '../../../api/errorMessages';
import { Card } from '../../../components/Card';
import { OlderPages, PanelStates } from '../PanelStates';
import { useOlderPages } from '../useOlderPages';
import { NoticeCards, NoticesTable } from './NoticeRows';
import { WithdrawDialog } from './WithdrawDialog';

interface Props {
  /** The newest page. */
  page: NoticesPage | null;
  loading: boolean;
  error: CallErrorKey | null;
  onReload: () => void;
  lessonName: (lessonId: string) => string;
  /** A notice was withdrawn (the page reloads the list). */
  onWithdrawn: (notice: OfficeNotice) => void;
}

export function NoticeList({ page, loading, error, onReload, lessonName, onWithdrawn }: Props) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<OfficeNotice | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const { items: notices, next, loadingOlder, olderError, showOlder } = useOlderPages(page, (newest) => ({ items: newest.notices, next: newest.next }), async (after) => {
    const more = await listNotices(after);
    return { items: more.notices, next: more.next };
  });
  const withdrawn = (notice: OfficeNotice) => {
    setAsked(null);
    onWithdrawn(notice);
  };

  const rows = { notices: notices ?? [], lessonName, onWithdraw: setAsked, busy: withdrawing };
  return (
    <Card title={t('admin.notices.list.title')} action={
      <button type="button" onClick={onReload} disabled={loading} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-60">
        {t('admin.notices.list.refresh')}
      </button>
    }>
      <PanelStates items={notices} loading={loading || !notices} error={error && t('admin.notices.list.loadError', { message: t(error) })} onRetry={onReload} empty={t('admin.notices.list.empty')}>
        {(notices) => (
          <div aria-busy={loading}>
            <p className="sr-only" aria-live="polite">{t('admin.notices.list.shown', { count: notices.length })}</p>
            {/* Both are in the page: CSS shows the table from the lg breakpoint and the cards below it. */}
            <NoticesTable {...rows} />
            <NoticeCards {...rows} />
            <OlderPages next={next} loadingOlder={loadingOlder} onShowOlder={() => void showOlder()} label={t('admin.notices.list.older')} loadingLabel={t('admin.notices.list.loadingOlder')}
              olderError={olderError && t('admin.notices.list.olderError', { message: t(olderError) })} />
          </div>
        )}
      </PanelStates>
      <WithdrawDialog notice={asked} onClose={() => setAsked(null)} onWithdrawn={withdrawn} onBusy={setWithdrawing} />
    </Card>
  );
}
