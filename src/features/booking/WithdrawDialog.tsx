import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withdrawBooking } from '../../api/booking';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import type { BookingRequest } from '../../domain/booking';
import { bookingErrorKey, staleOffer, type BookingErrorKey } from './bookingErrors';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BookingErrorKey | null>(null);
  const open = target !== null;

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  async function withdraw() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      onWithdrawn(await withdrawBooking(target.request.id));
    } catch (caught) {
      setError(bookingErrorKey(caught));
      if (staleOffer(caught)) onStale();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title={t('booking.withdraw.title')} onClose={onClose} busy={busy}>
      {target && (
        <div className="space-y-3 text-sm">
          <p className="break-words text-slate-700">{t('booking.withdraw.text', { lesson: target.lesson, child: target.child })}</p>
          {error && <Alert tone="error">{t(error)}</Alert>}
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- showModal() gives the focus to the autofocus element: keeping the request, the safe choice. */}
            <button type="button" autoFocus onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
              {t('booking.withdraw.keep')}
            </button>
            <button type="button" onClick={() => void withdraw()} disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
              {t(busy ? 'booking.withdraw.working' : 'booking.withdraw.confirm')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
