import { useTranslation } from 'react-i18next';
import { withdrawBooking } from '../../api/booking';
import { ConfirmDialog, useConfirmedAction } from '../../components/ConfirmDialog';
import type { BookingRequest } from '../../domain/booking';
import { bookingErrorKey, staleOffer } from './bookingErrors';

interface Props {
  /** The request to withdraw, with the names it is shown by; null while closed. */
  target: { request: BookingRequest; lesson: string; child: string } | null;
  onClose: () => void;
  onWithdrawn: (request: BookingRequest) => void;
  onStale: () => void;
}

/** "Withdraw the request for … for …?": asked first, then sent; an error is shown and nothing changes. */
export function WithdrawDialog({ target, onClose, onWithdrawn, onStale }: Props) {
  const { t } = useTranslation();
  const { busy, error, confirm } = useConfirmedAction(
    target !== null,
    async () => {
      if (target) onWithdrawn(await withdrawBooking(target.request.id));
    },
    (caught) => {
      if (staleOffer(caught)) onStale();
      return t(bookingErrorKey(caught));
    },
  );
  return (
    <ConfirmDialog open={target !== null} title={t('booking.withdraw.title')} tone="danger"
      message={target ? t('booking.withdraw.text', { lesson: target.lesson, child: target.child }) : ''}
      confirmLabel={t('booking.withdraw.confirm')} busyLabel={t('booking.withdraw.working')} cancelLabel={t('booking.withdraw.keep')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}
