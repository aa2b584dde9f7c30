import { useTranslation } from 'react-i18next';
import { joinWaitingList } from '../../api/booking';
import { ConfirmDialog, useConfirmedAction } from '../../components/ConfirmDialog';
import { timeText, type BookingOffer, type BookingRequest } from '../../domain/booking';
import { ordinalNumber } from '../../domain/waitingList';
import type { Child } from '../../domain/types';
import { useLocale } from '../../i18n/useLocale';
import { bookingErrorKey, freedTimes, staleOffer } from './bookingErrors';
import type { Selection } from './OfferCard';
import { TimeText } from './TimeText';

interface Props {
  /** What the child is to wait for; null while the dialog is closed. */
  joining: { offer: BookingOffer; child: Child; selection: Selection } | null;
  onClose: () => void;
  onJoined: (request: BookingRequest) => void;
  /** The answer says the offer on screen is out of date (a place freed meanwhile): read it again. */
  onStale: () => void;
}

/** "Join the waiting list?": the child, the course and the times in order of preference; then sent, or its error shown. */
export function JoinWaitingDialog({ joining, onClose, onJoined, onStale }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { busy, error, confirm } = useConfirmedAction(
    joining !== null,
    async () => {
      if (joining) onJoined(await joinWaitingList({ childId: joining.child.id, offerId: joining.offer.offerId, roomHourIds: joining.selection.roomHourIds }));
    },
    (caught) => {
      if (staleOffer(caught)) onStale();
      // A place freed meanwhile: named, so that the parent requests it instead.
      const freed = joining ? joining.offer.roomHours.filter((time) => freedTimes(caught).includes(time.id)) : [];
      if (freed.length > 0) return t('booking.waiting.notFull', { times: freed.map((time) => timeText(time, locale)).join(', ') });
      return t(bookingErrorKey(caught));
    },
  );
  const times = joining ? joining.selection.roomHourIds.flatMap((id) => joining.offer.roomHours.filter((time) => time.id === id)) : [];
  const message = joining && (
    <>
      <dl className="space-y-1">
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-slate-600">{t('booking.child')}</dt>
          <dd>{joining.child.name}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-slate-600">{t('booking.confirm.lesson')}</dt>
          <dd>{joining.offer.lessonName}</dd>
        </div>
      </dl>
      <div>
        <p className="text-slate-600">{t('booking.waiting.times')}</p>
        <ol className="mt-1 space-y-0.5">
          {times.map((time, index) => (
            <li key={time.id}>
              <span className="font-medium">{t('booking.waiting.choice', { place: ordinalNumber(index + 1, locale) })}:</span> <TimeText time={time} />
            </li>
          ))}
        </ol>
      </div>
      <p>{t('booking.waiting.confirm.text')}</p>
    </>
  );
  return (
    <ConfirmDialog open={joining !== null} title={t('booking.waiting.confirm.title')} message={message ?? ''}
      confirmLabel={t('booking.waiting.confirm.join')} busyLabel={t('booking.waiting.confirm.joining')} cancelLabel={t('booking.confirm.back')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}
