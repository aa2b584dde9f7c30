/** Withdrawing a notice (a cancellation: the lesson comes back), after a confirmation that says what happens. */
import { noticeTextFor, type OfficeNotice } from '@family-portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/useLocale';
import { apiErrorKey } from '../../../api/errorMessages';
import { withdrawNotice } from '../../../api/officeNotices';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { currentLanguage } from '../../../i18n';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => setError(null), [notice]);

  const send = async () => {
    if (!notice || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    onBusy(true);
    setError(null);
    try {
      onWithdrawn(await withdrawNotice(notice.id));
    } catch (caught) {
      setError(t('admin.notices.withdraw.failed', { message: t(apiErrorKey(caught)) }));
    } finally {
      inFlight.current = false;
      setBusy(false);
      onBusy(false);
    }
  };

  const title = notice ? noticeTextFor(notice.texts, notice.languages, currentLanguage(i18n.resolvedLanguage)).title : '';
  return (
    <Modal open={notice !== null} busy={busy} onClose={onClose} title={t('admin.notices.withdraw.title')}>
      <div className="space-y-3 text-sm">
        <p className="break-words text-slate-800">
          {notice?.cancellation
            ? t('admin.notices.withdraw.cancellation', { lesson: notice.cancellation.lessonName, date: formatWeekday(notice.cancellation.date, locale) })
            : t('admin.notices.withdraw.notice', { title })}
        </p>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- showModal() focuses it: keeping the notice, the safe choice. */}
          <button type="button" autoFocus onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('admin.notices.withdraw.keep')}
          </button>
          <button type="button" onClick={() => void send()} disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
            {busy ? t('admin.notices.withdraw.sending') : t('admin.notices.withdraw.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
