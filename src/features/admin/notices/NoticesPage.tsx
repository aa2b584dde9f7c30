/**
 * The office's notices tab: writing a notice, cancelling a lesson on a date, closing the school for
 * a day, and the notices sent,
 * each with how many of its families have read it. After a send it says how many of its e-mails
 * wait for tomorrow when the day's e-mail budget is used up.
 */
import { noticeTextFor, type OfficeNotice } from '@family-portal/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listNotices } from '../../../api/officeNotices';
import { Alert } from '../../../components/Alert';
import { LegalLinks } from '../../../components/LegalLinks';
import { numberFormat } from '../../../domain/intlFormats';
import { currentLanguage } from '../../../i18n';
import { useLocale } from '../../../i18n/useLocale';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { AdminFrame } from '../AdminFrame';
import { useAsyncResource } from '../useAsyncResource';
import { CancelLesson } from './CancelLesson';
import { CloseSchool } from './CloseSchool';
import { ComposeNotice } from './ComposeNotice';
import { NoticeList } from './NoticeList';
import { formatWeekday } from '../../../lib/schoolClock';
import { mailsWaiting } from './noticesView';
import { useOfficeTimetable } from './useOfficeTimetable';

const newestPage = () => listNotices();

export default function NoticesPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('admin.notices.title'));
  const notices = useAsyncResource(newestPage);
  const timetable = useOfficeTimetable();
  const [done, setDone] = useState<string | null>(null);

  const lessonName = useCallback((lessonId: string) => timetable.value?.names.get(lessonId) ?? lessonId, [timetable.value]);
  const lessons = { value: timetable.value, error: timetable.error && t('admin.notices.lessonsError', { message: t(timetable.error) }), onRetry: () => void timetable.reload() };
  const title = (notice: OfficeNotice) => noticeTextFor(notice.texts, notice.languages, currentLanguage(i18n.resolvedLanguage)).title;

  const changed = (text: string) => {
    setDone(text);
    void notices.reload();
  };
  const sent = (notice: OfficeNotice) => {
    const mails = notice.mails;
    if (!mails || mailsWaiting(notice) === 0) return changed(t('admin.notices.compose.sent', { count: notice.recipients }));
    const number = (value: number) => numberFormat(locale, {}).format(value);
    changed(t('admin.notices.compose.sentHeld', { count: notice.recipients, families: number(notice.recipients), held: number(mails.held), total: number(mails.sent + mails.held), budget: number(mails.budget) }));
  };
  const cancelled = (notice: OfficeNotice) =>
    changed(t('admin.notices.cancel.done', { count: notice.recipients, lesson: notice.cancellation?.lessonName ?? '', date: notice.cancellation ? formatWeekday(notice.cancellation.date, locale) : '' }));
  const closed = (notice: OfficeNotice, mailed: boolean) =>
    changed(t(mailed ? 'admin.notices.close.done' : 'admin.notices.close.doneQuiet', { count: notice.recipients, date: notice.cancellation ? formatWeekday(notice.cancellation.date, locale) : '' }));
  const withdrawn = (notice: OfficeNotice) => changed(t('admin.notices.withdraw.done', { title: title(notice) }));

  return (
    <AdminFrame title={t('admin.notices.title')} subtitle={t('admin.notices.subtitle')} footer={notices.settled && <LegalLinks />}>
      {done && <Alert tone="success">{done}</Alert>}
      <ComposeNotice lessons={lessons} onSent={sent} />
      <CancelLesson lessons={lessons} onCancelled={cancelled} />
      <CloseSchool lessons={lessons} onClosed={closed} />
      <NoticeList page={notices.value} loading={notices.loading} error={notices.error} onReload={() => void notices.reload()} lessonName={lessonName} onWithdrawn={withdrawn} />
    </AdminFrame>
  );
}
