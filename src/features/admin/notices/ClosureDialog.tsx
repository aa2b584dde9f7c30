/** The confirmation of a day the school is closed: the date and the reason, then closeSchool once. */
import type { OfficeNotice } from '@family-portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../../../api/errorMessages';
import { closeSchool } from '../../../api/officeNotices';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ConfirmDialog';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';

export interface Closing {
  date: string;
  reason: string;
  /** The send's key (sendKey.ts): every attempt of it sends it, so the families are told once. */
  key: string;
}

interface Props {
  closing: Closing | null;
  onClose: () => void;
  onClosed: (notice: OfficeNotice) => void;
  onBusy: (busy: boolean) => void;
}

export function ClosureDialog({ closing, onClose, onClosed, onBusy }: Props) {
  const locale = useLocale();
  const { t } = useTranslation();
  const { busy, error, confirm } = useConfirmedAction(
    closing !== null,
    async () => {
      if (closing) onClosed(await closeSchool({ date: closing.date, reason: closing.reason, idempotencyKey: closing.key }));
    },
    (caught) => t('admin.notices.close.failed', { message: t(apiErrorKey(caught)) }),
  );
  // The form waits while it runs.
  useEffect(() => onBusy(busy), [busy, onBusy]);

  return (
    <ConfirmDialog open={closing !== null} title={t('admin.notices.close.confirm.title')}
      message={closing ? t('admin.notices.close.confirm.text', { date: formatWeekday(closing.date, locale), reason: closing.reason }) : ''}
      confirmLabel={t('admin.notices.close.confirm.send')} busyLabel={t('admin.notices.close.confirm.sending')} cancelLabel={t('admin.notices.close.confirm.keep')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} tone="danger" />
  );
}
