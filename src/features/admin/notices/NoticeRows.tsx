/**
 * The sent notices: from the lg breakpoint a table, below it one card per notice. Each shows its
 * title in the office's language (else the first given), kind, audience, when and by whom it was
 * sent, "read by N of M families", whether e-mails of it wait for the next day's budget, its texts
 * on request, and the way to withdraw it.
 */
import { isClosure, noticeTextFor, type OfficeNotice } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { AdminInstant } from '../../../components/AdminInstant';
import { numberFormat } from '../../../domain/intlFormats';
import { currentLanguage } from '../../../i18n';
import { useLocale } from '../../../i18n/useLocale';
import { formatAdminDateTime, formatWeekday } from '../../../lib/schoolClock';
import { AdminTable } from '../AdminTable';
import { mailsWaiting } from './noticesView';

export interface RowsProps {
  notices: OfficeNotice[];
  /** A lesson's name by id (the id itself where unknown). */
  lessonName: (lessonId: string) => string;
  onWithdraw: (notice: OfficeNotice) => void;
  busy: boolean;
}

function useTitle() {
  const { i18n } = useTranslation();
  return (notice: OfficeNotice) => noticeTextFor(notice.texts, notice.languages, currentLanguage(i18n.resolvedLanguage)).title;
}

function Kind({ notice }: { notice: OfficeNotice }) {
  const { t } = useTranslation();
  const tone = notice.kind === 'cancellation' ? 'bg-amber-100 text-amber-900' : 'bg-sky-100 text-sky-900';
  const kind = notice.cancellation && isClosure(notice.cancellation) ? 'closure' : notice.kind;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>{t(`admin.notices.list.kind.${kind}`)}</span>
      {notice.withdrawnAt && <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-800">{t('admin.notices.list.withdrawnPill')}</span>}
      {mailsWaiting(notice) > 0 && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">{t('admin.notices.list.mailsWaitingPill')}</span>}
    </span>
  );
}

/** The e-mails that wait for the next morning's budget, in words (the pill alone would be colour and a word). */
function Waiting({ notice }: { notice: OfficeNotice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const held = mailsWaiting(notice);
  if (held === 0) return null;
  return <p className="break-words text-slate-700">{t('admin.notices.list.mailsWaiting', { count: held, held: numberFormat(locale, {}).format(held) })}</p>;
}

function Audience({ notice, lessonName }: { notice: OfficeNotice; lessonName: RowsProps['lessonName'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { audience } = notice;
  if (audience.kind === 'all') return <>{t('admin.notices.list.audience.all')}</>;
  if (audience.kind === 'family') return <>{t('admin.notices.list.audience.family', { id: audience.memberId })}</>;
  if (audience.kind === 'day') return <>{t('admin.notices.list.audience.day', { date: formatWeekday(audience.date, locale) })}</>;
  return <>{t('admin.notices.list.audience.lessons', { lessons: audience.lessonIds.map(lessonName).join(', ') })}</>;
}

/** Title, the cancellation's facts, and the texts in every language on request. */
function Content({ notice }: { notice: OfficeNotice }) {
  const locale = useLocale();
  const { t } = useTranslation();
  const title = useTitle();
  return (
    <div className="min-w-0 space-y-1">
      <p className="font-medium break-words text-slate-900">{title(notice)}</p>
      <Kind notice={notice} />
      {notice.cancellation && (
        <p className="break-words text-slate-700">
          {t(isClosure(notice.cancellation) ? 'admin.notices.list.closure' : 'admin.notices.list.cancellation', {
            lesson: notice.cancellation.lessonName,
            date: formatWeekday(notice.cancellation.date, locale),
            reason: notice.cancellation.reason,
          })}
        </p>
      )}
      {notice.withdrawnAt && <p className="break-words text-slate-700">{t('admin.notices.list.withdrawn', { date: formatAdminDateTime(notice.withdrawnAt, locale), by: notice.withdrawnBy ?? '' })}</p>}
      <Waiting notice={notice} />
      <details>
        <summary className="cursor-pointer text-teal-800">{t('admin.notices.list.text')}</summary>
        <dl className="mt-1 space-y-2">
          {notice.languages.map((language) => {
            const text = notice.texts[language];
            if (!text) return null;
            return (
              <div key={language} lang={language}>
                <dt className="font-medium break-words text-slate-900">{text.title}</dt>
                <dd className="break-words whitespace-pre-line text-slate-700">{text.body}</dd>
              </div>
            );
          })}
        </dl>
      </details>
    </div>
  );
}

function Sent({ notice }: { notice: OfficeNotice }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="block"><AdminInstant iso={notice.sentAt} /></span>
      <span className="block break-all text-slate-600">{t('admin.notices.list.sentBy', { by: notice.sentBy })}</span>
    </>
  );
}

function Read({ notice }: { notice: OfficeNotice }) {
  const { t } = useTranslation();
  return <>{t('admin.notices.list.read', { reads: notice.reads, count: notice.recipients })}</>;
}

function Withdraw({ notice, onWithdraw, busy }: { notice: OfficeNotice } & Pick<RowsProps, 'onWithdraw' | 'busy'>) {
  const { t } = useTranslation();
  const title = useTitle();
  if (notice.withdrawnAt) return null;
  return (
    <button type="button" disabled={busy} onClick={() => onWithdraw(notice)} aria-label={t('admin.notices.list.withdrawOne', { title: title(notice) })}
      className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-50 disabled:opacity-50">
      {t('admin.notices.list.withdraw')}
    </button>
  );
}

export function NoticesTable({ notices, lessonName, onWithdraw, busy }: RowsProps) {
  const { t } = useTranslation();
  return (
    <div className="hidden lg:block">
      <AdminTable caption={t('admin.notices.list.title')} className="w-full table-fixed text-sm" headClassName="align-bottom text-slate-600" bodyClassName="divide-y divide-slate-100 align-top" columns={[
        { label: t('admin.notices.list.column.notice') },
        { label: t('admin.notices.list.column.audience'), className: 'w-[20%]' },
        { label: t('admin.notices.list.column.sent'), className: 'w-[18%]' },
        { label: t('admin.notices.list.column.read'), className: 'w-[13%]' },
        { label: t('admin.notices.list.actions'), hidden: true, className: 'w-36' },
      ]}>
        {notices.map((notice) => (
          <tr key={notice.id}>
            <td className="py-2 pr-3"><Content notice={notice} /></td>
            <td className="py-2 pr-3 break-words text-slate-700"><Audience notice={notice} lessonName={lessonName} /></td>
            <td className="py-2 pr-3 text-slate-700"><Sent notice={notice} /></td>
            <td className="py-2 pr-3 text-slate-700"><Read notice={notice} /></td>
            <td className="py-2"><Withdraw notice={notice} onWithdraw={onWithdraw} busy={busy} /></td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

export function NoticeCards({ notices, lessonName, onWithdraw, busy }: RowsProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.notices.list.title')} className="divide-y divide-slate-100 border-t border-slate-100 lg:hidden">
      {notices.map((notice) => (
        <li key={notice.id} className="space-y-1 py-3 text-sm">
          <Content notice={notice} />
          <dl className="space-y-0.5 text-slate-700">
            {(['audience', 'sent', 'read'] as const).map((column) => (
              <div key={column} className="flex flex-wrap gap-x-2">
                <dt className="text-slate-600">{t(`admin.notices.list.column.${column}`)}:</dt>
                <dd className="min-w-0 break-words">
                  {column === 'audience' ? <Audience notice={notice} lessonName={lessonName} /> : column === 'sent' ? <Sent notice={notice} /> : <Read notice={notice} />}
                </dd>
              </div>
            ))}
          </dl>
          <div className="pt-1"><Withdraw notice={notice} onWithdraw={onWithdraw} busy={busy} /></div>
        </li>
      ))}
    </ul>
  );
}
