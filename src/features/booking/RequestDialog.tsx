import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBooking } from '../../api/booking';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { type BookingOffer, type BookingRequest, offerCost, requestTimes } from '../../domain/booking';
import { formatMoney } from '../../domain/money';
import type { Child } from '../../domain/types';
import { useLocale } from '../../i18n/useLocale';
import { formatDay } from '../../lib/schoolClock';
import { bookingErrorKey, staleOffer, type BookingErrorKey } from './bookingErrors';
import type { Selection } from './OfferCard';
import { TimeText } from './TimeText';

interface Props {
  /** What is asked for; null while the dialog is closed. */
  request: { offer: BookingOffer; child: Child; selection: Selection; waiting: boolean } | null;
  onClose: () => void;
  onSent: (request: BookingRequest) => void;
  /** The answer says the offer on screen is out of date: read it again. */
  onStale: () => void;
}

/** The request before it is sent: child, course, times, the exact cost and the last day; then sent, or its error shown. */
export function RequestDialog({ request, onClose, onSent, onStale }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BookingErrorKey | null>(null);
  const open = request !== null;

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  async function send() {
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await requestBooking({ childId: request.child.id, offerId: request.offer.offerId, roomHourIds: request.selection.roomHourIds });
      onSent(answer);
    } catch (caught) {
      setError(bookingErrorKey(caught));
      if (staleOffer(caught)) onStale();
    } finally {
      setBusy(false);
    }
  }

  const row = (label: string, value: ReactNode, strong = false) => (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : undefined}>{value}</dd>
    </div>
  );

  return (
    <Modal open={open} title={t('booking.confirm.title')} onClose={onClose} busy={busy}>
      {request && (
        <div className="space-y-3 text-sm">
          <dl className="space-y-1 break-words">
            {row(t('booking.child'), request.child.name)}
            {row(t('booking.confirm.lesson'), request.offer.lessonName)}
            {request.offer.teacherName && row(t('booking.teacher'), request.offer.teacherName)}
            {row(
              t('booking.times'),
              <ul className="text-right">
                {requestTimes({ roomHourIds: request.selection.roomHourIds }, request.offer).map((time) => (
                  <li key={time.id}><TimeText time={time} /></li>
                ))}
              </ul>,
            )}
            {row(t('plans.duration'), t('plans.weeks', { count: request.offer.weeks }))}
            {row(t('booking.cost'), <span className="tabular-nums">{formatMoney(offerCost(request.offer), locale)}</span>, true)}
            {row(t('booking.deadline'), formatDay(request.offer.requestsUntil, locale, 'long'))}
          </dl>
          <p className="text-slate-700">{t('booking.confirm.text')}</p>
          {/* The functions take a child that requests a place off the course's waiting list (and its place held). */}
          {request.waiting && <Alert tone="warning">{t('booking.waiting.requestLeaves', { child: request.child.name })}</Alert>}
          {error && <Alert tone="error">{t(error)}</Alert>}
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <button type="button" onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
              {t('booking.confirm.back')}
            </button>
            <button type="button" onClick={() => void send()} disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
              {t(busy ? 'booking.confirm.sending' : 'booking.confirm.send')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
