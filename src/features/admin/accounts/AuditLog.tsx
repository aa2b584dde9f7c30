import type { AuditEntry, AuditLogPage } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { AdminInstant } from '../../../components/AdminInstant';
import { useLocale } from '../../../i18n/useLocale';
import { Link } from 'react-router-dom';
import { fetchAuditLog } from '../../../api/office';
import type { CallErrorKey } from '../../../api/errorMessages';
import { Card } from '../../../components/Card';
import { formatAdminDateTime, formatWeekday } from '../../../lib/schoolClock';
import { familyViewPath } from '../../../routing/paths';
import { AdminTable } from '../AdminTable';
import { OlderPages, PanelStates } from '../PanelStates';
import { useOlderPages } from '../useOlderPages';

interface Props {
  /** The newest page. */
  page: AuditLogPage | null;
  loading: boolean;
  error: CallErrorKey | null;
  onReload: () => void;
}

type NoticeEntry = Extract<AuditEntry, { kind: 'noticeSent' | 'noticeWithdrawn' }>;
type WaitingListEntry = Extract<AuditEntry, { kind: 'waitingList' }>;

/** A waiting list's step in words, then the request, child, lesson and times it concerns, and the office's note. */
function WaitingListStep({ entry }: { entry: WaitingListEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="wrap-anywhere">{t(`admin.audit.waitingList.${entry.step}`)}</span>{' '}
      <span className="block wrap-anywhere text-slate-600">
        {t('admin.audit.waitingDetails', { requestId: entry.requestId, childId: entry.childId, lessonId: entry.lessonId, times: entry.roomHourIds.join(', ') })}
      </span>
      {/* The office's words, as text: React escapes whatever they contain. */}
      {entry.note && <span className="block wrap-anywhere text-slate-600">{t('admin.audit.waitingNote', { note: entry.note })}</span>}
    </>
  );
}

/** Who: an admin's or a parent's address; the portal's own steps (a place offered, an offer run out) have none. */
function Who({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return <>{entry.adminEmail || t('admin.audit.portal')}</>;
}

/** A notice or a cancelled lesson sent or withdrawn: its title, then whom it went to and how many families. */
function NoticeDone({ entry }: { entry: NoticeEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { audience } = entry;
  // A closed school is a cancellation to the families with a lesson that day.
  const kind = audience.kind === 'day' ? 'closure' : entry.noticeKind === 'cancellation' ? 'cancellation' : 'notice';
  const what = t(`admin.audit.${kind}${entry.kind === 'noticeSent' ? 'Sent' : 'Withdrawn'}`, { title: entry.title });
  const whom =
    audience.kind === 'day'
      ? t('admin.audit.audienceDay', { count: entry.recipients, date: formatWeekday(audience.date, locale) })
      : audience.kind === 'family'
      ? t('admin.audit.audienceFamily', { name: audience.memberName || audience.memberId, memberId: audience.memberId })
      : audience.kind === 'lessons'
        ? t('admin.audit.audienceLessons', { count: entry.recipients, lessons: audience.lessonNames.join(', ') })
        : t('admin.audit.audienceAll', { count: entry.recipients });
  return (
    <>
      <span className="wrap-anywhere">{what}</span>{' '}
      <span className="block wrap-anywhere text-slate-600">{whom}</span>
    </>
  );
}

/** What was seen or done: a family's screens (a link to them), the members list as CSV, a notice, a waiting list's step. */
function Seen({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (entry.kind === 'accountsCsv') return <>{t('admin.audit.csv', { count: entry.rows })}</>;
  if (entry.kind === 'noticeSent' || entry.kind === 'noticeWithdrawn') return <NoticeDone entry={entry} />;
  if (entry.kind === 'waitingList') return <WaitingListStep entry={entry} />;
  return (
    <>
      <Link to={familyViewPath(entry.memberId)} className="text-teal-800 hover:underline">{entry.memberName || entry.memberId}</Link>
      <span className="whitespace-nowrap text-slate-600"> ({entry.memberId})</span>
    </>
  );
}

/**
 * Which admin saw which family's screens, downloaded the members list or sent or withdrew a
 * notice, and who took which step of a waiting list (a parent, an admin, or the portal), and
 * when: newest first,
 * 50 at a time with older pages on request. From the sm breakpoint a table; on a phone one row
 * per entry, the admin's address on a line of its own.
 */
export function AuditLog({ page, loading, error, onReload }: Props) {
  const locale = useLocale();
  const { t } = useTranslation();
  const { items: entries, next, loadingOlder, olderError, showOlder } = useOlderPages(page, (newest) => ({ items: newest.entries, next: newest.next }), async (after) => {
    const more = await fetchAuditLog(after);
    return { items: more.entries, next: more.next };
  });

  const columns = [{ label: t('admin.audit.when') }, { label: t('admin.audit.admin') }, { label: t('admin.audit.what') }];
  return (
    <Card title={t('admin.audit.title')}>
      <PanelStates items={entries} loading={loading} error={error && t('admin.audit.loadError', { message: t(error) })} onRetry={onReload} empty={t('admin.audit.empty')} skeletons={2}>
        {(entries) => (
          <>
            <AdminTable caption={t('admin.audit.title')} columns={columns} className="hidden w-full text-sm sm:table">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-3"><AdminInstant iso={entry.at} /></td>
                  {/* A notice's long title would squeeze the address to a few letters a line. */}
                  <td className="min-w-[14em] py-2 pr-3 wrap-anywhere"><Who entry={entry} /></td>
                  <td className="py-2"><Seen entry={entry} /></td>
                </tr>
              ))}
            </AdminTable>
            <ul aria-label={t('admin.audit.title')} className="divide-y divide-slate-100 text-sm sm:hidden">
              {entries.map((entry) => (
                <li key={entry.id} className="py-2">
                  <p><Seen entry={entry} /></p>
                  <p className="text-slate-600">{formatAdminDateTime(entry.at, locale)}</p>
                  <p className="wrap-anywhere text-slate-600"><Who entry={entry} /></p>
                </li>
              ))}
            </ul>
            <OlderPages next={next} loadingOlder={loadingOlder} onShowOlder={() => void showOlder()} label={t('admin.audit.older')} loadingLabel={t('common.loading')}
              olderError={olderError && t('admin.audit.olderError', { message: t(olderError) })} />
          </>
        )}
      </PanelStates>
    </Card>
  );
}
