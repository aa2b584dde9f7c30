/** The sent notices, newest first, a page at a time with older pages on request; withdrawing one. */
import type { OfficeNotice } from '@family-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listNotices, type NoticesPage } from '../../../api/officeNotices';
import type { CallErrorKey } from '../../../api/errorMessages';
import { Alert } from '../../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { RetryableError } from '../RetryableError';
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
      {error ? (
        <RetryableError message={t('admin.notices.list.loadError', { message: t(error) })} onRetry={onReload} />
      ) : !notices ? (
        <div className="space-y-2" role="status" aria-label={t('common.loading')}><Skeleton /><Skeleton /><Skeleton /></div>
      ) : notices.length === 0 ? (
        <EmptyState>{t('admin.notices.list.empty')}</EmptyState>
      ) : (
        <div aria-busy={loading}>
          <p className="sr-only" aria-live="polite">{t('admin.notices.list.shown', { count: notices.length })}</p>
          {/* Both are in the page: CSS shows the table from the lg breakpoint and the cards below it. */}
          <NoticesTable {...rows} />
          <NoticeCards {...rows} />
          {olderError && <div className="mt-3"><Alert tone="error">{t('admin.notices.list.olderError', { message: t(olderError) })}</Alert></div>}
          {next && (
            <button type="button" onClick={() => void showOlder()} disabled={loadingOlder} className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60">
              {loadingOlder ? t('admin.notices.list.loadingOlder') : t('admin.notices.list.older')}
            </button>
          )}
        </div>
      )}
      <WithdrawDialog notice={asked} onClose={() => setAsked(null)} onWithdrawn={withdrawn} onBusy={setWithdrawing} />
    </Card>
  );
}
