/**
 * The notices page (/notices): every notice the family got from the school office, newest first,
 * unread ones labelled "New" in words. The newest come with the family's data (no read of their own);
 * older ones a page at a time on request. `/notices/:noticeId` (a notice e-mail's link) opens
 * that notice and marks it read, read by its id when it is older than the pages shown.
 */
import { DASHBOARD_NOTICES } from '@family-portal/contract/rules';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { useData } from '../../data/DataProvider';
import { allNotices, isUnread, unreadCount, withReadAt, type NoticeDelivery } from '../../domain/notices';
import { familyStore } from '../../data/firebase';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { noticePath, paths, plansPath } from '../../routing/paths';
import { NoticeDialog } from './NoticeDialog';
import { useMarkRead } from './useMarkRead';
import { NoticeSummary } from './NoticeSummary';

/** What a link to one notice found: the notice, none for this family, or not asked yet. */
type Linked = NoticeDelivery | 'missing' | null;

export default function NoticesPage() {
  const { t } = useTranslation();
  const data = useData();
  const navigate = useNavigate();
  const { noticeId } = useParams();
  const [older, setOlder] = useState<NoticeDelivery[]>([]);
  const [more, setMore] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const [linked, setLinked] = useState<Linked>(null);
  useDocumentTitle(t('pages.notices.title'));

  // The page's own copies (older pages, a linked notice) take the read mark too.
  const alsoMark = useCallback((id: string, readAt: string | null) => {
    setOlder((current) => withReadAt(current, id, readAt));
    setLinked((current) => (current && current !== 'missing' && current.noticeId === id ? { ...current, readAt } : current));
  }, []);
  const markRead = useMarkRead(alsoMark);
  const notices = allNotices(data.notices, older);
  const memberId = data.member?.id ?? null;
  const shown = noticeId ? (notices.find((notice) => notice.noticeId === noticeId) ?? (linked !== 'missing' ? linked : null)) : null;
  // Older ones may follow when the first read filled its page; after that, as the last page said.
  const mayHaveMore = more ?? data.notices.length >= DASHBOARD_NOTICES;

  // A linked notice older than the pages shown is read by its id.
  useEffect(() => {
    if (!noticeId || !memberId || data.correspondenceLoading || notices.some((notice) => notice.noticeId === noticeId)) return;
    let current = true;
    setLinked(null);
    void familyStore()
      .then((store) => store.readNotice(memberId, noticeId))
      .then(
        (found) => current && setLinked(found ?? 'missing'),
        () => current && setLinked('missing'),
      );
    return () => {
      current = false;
    };
    // The list changes as notices are marked read; the link is looked up once per notice id.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [noticeId, memberId, data.correspondenceLoading]);
  // Shown is read.
  useEffect(() => {
    if (shown && isUnread(shown)) markRead(shown);
  }, [shown, markRead]);

  const loadOlder = async () => {
    const last = notices.at(-1);
    if (!memberId || !last) return;
    setLoadingOlder(true);
    setOlderError(false);
    try {
      const page = await (await familyStore()).readOlderNotices(memberId, last);
      setOlder((current) => [...current, ...page.notices]);
      setMore(page.more);
    } catch (error) {
      console.error('Loading older notices failed', error);
      setOlderError(true);
    } finally {
      setLoadingOlder(false);
    }
  };

  if (data.loading || data.correspondenceLoading) {
    return <div role="status" aria-label={t('common.loading')} className="space-y-3"><Skeleton className="h-8 w-56" /><Skeleton className="h-40" /></div>;
  }
  const unread = unreadCount(notices);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('pages.notices.title')}</h1>
      {noticeId && linked === 'missing' && !shown && <Alert tone="error">{t('notices.notFound')}</Alert>}
      <Card title={t('notices.title')} action={unread > 0 ? <span className="text-sm font-medium text-teal-900">{t('notices.unreadCount', { count: unread })}</span> : undefined}>
        {data.correspondenceError && notices.length === 0 ? (
          <Alert tone="error">{t('notices.loadError')}</Alert>
        ) : notices.length === 0 ? (
          <EmptyState>{t('notices.empty')}</EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {notices.map((notice) => <NoticeLink key={notice.noticeId} notice={notice} />)}
            </ul>
            {mayHaveMore && (
              <div className="mt-3 space-y-2">
                {olderError && <Alert tone="error">{t('notices.olderError')}</Alert>}
                <button type="button" onClick={() => void loadOlder()} disabled={loadingOlder} aria-busy={loadingOlder}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60">
                  {loadingOlder ? t('common.loading') : t('notices.older')}
                </button>
              </div>
            )}
          </>
        )}
      </Card>
      <NoticeDialog notice={shown} onClose={() => void navigate(paths.notices)}>
        {shown?.kind === 'cancellation' && (
          <Link to={plansPath()} className="font-medium text-teal-800 underline">{t('notices.toPlans')}</Link>
        )}
      </NoticeDialog>
    </div>
  );
}

/** One notice in the list: a link that opens it. */
function NoticeLink({ notice }: { notice: NoticeDelivery }) {
  return (
    <li>
      <Link to={noticePath(notice.noticeId)} className="flex w-full min-w-0 items-start gap-2 py-2 hover:bg-slate-50">
        <NoticeSummary notice={notice} />
      </Link>
    </li>
  );
}
