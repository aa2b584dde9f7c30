import { useTranslation } from 'react-i18next';
import type { BookingOffer, BookingRequest, WaitingListEntry } from '../../domain/booking';
import { ordinalNumber, waitingTimes } from '../../domain/waitingList';
import { useLocale } from '../../i18n/useLocale';
import { TimeText } from './TimeText';

interface Props {
  request: BookingRequest;
  entry: WaitingListEntry | undefined;
  offer: BookingOffer | undefined;
}

/**
 * A waiting request's times in the family's order of preference, each with its place in line
 * ("2nd on the waiting list"), or "no longer in line" where the family let the offer pass.
 */
export function WaitingTimes({ request, entry, offer }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const known = new Map((offer?.roomHours ?? []).map((time) => [time.id, time]));
  const times = waitingTimes(request, entry).filter((time) => known.has(time.roomHourId));
  return (
    <>
      <ol className="text-slate-700">
        {times.map(({ roomHourId, position, passed }) => (
          <li key={roomHourId} className="flex flex-wrap gap-x-2">
            <TimeText time={known.get(roomHourId)!} />
            {passed ? (
              <span className="text-slate-600">{t('booking.waiting.passedTime')}</span>
            ) : position !== null ? (
              <span className="font-medium text-sky-900">{t('booking.waiting.place', { place: ordinalNumber(position, locale) })}</span>
            ) : null}
          </li>
        ))}
      </ol>
      {/* Joined a moment ago: the portal counts the place in line right after. */}
      {!entry && <p className="text-slate-600">{t('booking.waiting.placeSoon')}</p>}
    </>
  );
}
