/** Withdrawing a notice (a cancellation: the lesson comes back), after a confirmation that says what happens. */
import { isClosure, noticeTextFor, type OfficeNotice } from '@family-portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../../../api/errorMessages';
import { withdrawNotice } from '../../../api/officeNotices';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ConfirmDialog';
import { currentLanguage } from '../../../i18n';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';

interface Props {
  notice: OfficeNotice | null;
  onClose: () => void;
  onWithdrawn: (notice: OfficeNotice) => void;
  onBusy: (busy: boolean) => void;
}

export function WithdrawDialog({ notice, onClose, onWithdrawn, onBusy }: Props) {
  const locale = useLocale();
  const { t, i18n } = useTranslation();
  const { busy, error, confirm } = useConfirmedAction(
    notice !== null,
    async () => {
      if (notice) onWithdrawn(await withdrawNotice(notice.id));
    },
    (caught) => t('admin.notices.withdraw.failed', { message: t(apiErrorKey(caught)) }),
  );
  // The tab's other buttons wait while it runs.
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const title = notice ? noticeTextFor(notice.texts, notice.languages, currentLanguage(i18n.resolvedLanguage)).title : '';
  const message = notice?.cancellation
    ? t(isClosure(notice.cancellation) ? 'admin.notices.withdraw.closure' : 'admin.notices.withdraw.cancellation', { lesson: notice.cancellation.lessonName, date: formatWeekday(notice.cancellation.date, locale) })
    : t('admin.notices.withdraw.notice', { title });
  return (
    <ConfirmDialog open={notice !== null} title={t('admin.notices.withdraw.title')} message={message}
      confirmLabel={t('admin.notices.withdraw.confirm')} busyLabel={t('admin.notices.withdraw.sending')} cancelLabel={t('admin.notices.withdraw.keep')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}
