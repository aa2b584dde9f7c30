import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';
import { NoticeBody } from '../../components/NoticeBody';
import { cancellationLabel, type NoticeDelivery } from '../../domain/notices';
import { useLocale } from '../../i18n/useLocale';
import { formatDay } from '../../lib/schoolClock';
import { useNoticeText } from './useNoticeText';

/** One notice, opened: its title, the day it was sent, and its text with links; `children` below the text. */
export function NoticeDialog({ notice, onClose, children }: { notice: NoticeDelivery | null; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const textOf = useNoticeText();
  const text = notice ? textOf(notice) : null;
  const label = notice ? cancellationLabel(notice) : null;
  return (
    <Modal open={notice !== null} title={text?.title ?? ''} onClose={onClose}>
      {notice && text && (
        <div className="space-y-3 text-sm">
          <p className="text-slate-600">
            {label && <span className="mr-2 font-semibold text-slate-800">{t(label)}</span>}
            {t('notices.sentOn', { date: formatDay(notice.sentAt, locale, 'long') })}
          </p>
          <NoticeBody body={text.body} />
          {children}
          <div className="flex justify-end pt-1">
            {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- showModal() gives the focus to the autofocus element: a reader closes with it or Escape. */}
            <button type="button" autoFocus onClick={onClose} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
              {t('common.close')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
