/**
 * The dashboard's card of notices from the school office: the newest few and how many are unread;
 * unread ones carry a "New" label (not only a colour); opening one shows it in a dialog and marks
 * it read. All of them are on the notices page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { useData } from '../../data/DataProvider';
import { newestFirst, unreadCount, type NoticeDelivery } from '../../domain/notices';
import { useFamilyScope } from '../../routing/familyScope';
import { paths } from '../../routing/paths';
import { NoticeDialog } from './NoticeDialog';
import { useMarkRead } from './useMarkRead';
import { NoticeSummary } from './NoticeSummary';

/** How many the card lists; the notices page has them all. */
export const NOTICES_SHOWN = 3;

export default function DashboardNotices() {
  const { readOnly } = useFamilyScope();
  // A family's notices are its own correspondence: an admin's view of the family has none to show.
  return readOnly ? null : <NoticesCard />;
}

export function NoticesCard() {
  const { t } = useTranslation();
  const { notices, correspondenceLoading, correspondenceError } = useData();
  const markRead = useMarkRead();
  const [openId, setOpenId] = useState<string | null>(null);
  const sorted = newestFirst(notices);
  const shown = sorted.slice(0, NOTICES_SHOWN);
  const unread = unreadCount(notices);
  // The opened notice as it now is (read), from the family's data.
  const opened = sorted.find((notice) => notice.noticeId === openId) ?? null;
  const open = (notice: NoticeDelivery) => {
    setOpenId(notice.noticeId);
    markRead(notice);
  };
  return (
    <Card title={t('notices.title')}>
      {/* The notices come after the family's figures (DataProvider): their place is kept, a
          list of NOTICES_SHOWN with its "all notices" line, so that nothing below moves when they arrive. */}
      <div className="min-h-50">
        {correspondenceLoading ? (
          <div role="status" aria-label={t('common.loading')} className="space-y-4 py-2">
            {Array.from({ length: NOTICES_SHOWN }, (_, index) => <Skeleton key={index} className="h-9 w-full" />)}
          </div>
        ) : correspondenceError && sorted.length === 0 ? (
          <Alert tone="error">{t('notices.loadError')}</Alert>
        ) : sorted.length === 0 ? (
          <EmptyState>{t('notices.empty')}</EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {shown.map((notice) => <NoticeItem key={notice.noticeId} notice={notice} onOpen={open} />)}
            </ul>
            {/* Inside the place kept for the card: in its header, the count could wrap the title when it comes. */}
            <p className="mt-2 flex flex-wrap gap-x-3 text-sm">
              <Link to={paths.notices} className="font-medium text-teal-800 underline">{t('notices.all')}</Link>
              {unread > 0 && <span className="font-medium text-teal-900">{t('notices.unreadCount', { count: unread })}</span>}
            </p>
          </>
        )}
      </div>
      <NoticeDialog notice={opened} onClose={() => setOpenId(null)} />
    </Card>
  );
}

function NoticeItem({ notice, onOpen }: { notice: NoticeDelivery; onOpen: (notice: NoticeDelivery) => void }) {
  return (
    <li>
      <button type="button" onClick={() => onOpen(notice)} className="flex w-full min-w-0 items-start gap-2 py-2 text-left hover:bg-slate-50">
        <NoticeSummary notice={notice} />
      </button>
    </li>
  );
}
