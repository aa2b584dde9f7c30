import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeWaitingOffer } from '../../api/booking';
import { Alert } from '../../components/Alert';
import { timeText, type BookingOffer, type BookingRequest } from '../../domain/booking';
import type { HeldPlace } from '../../domain/waitingList';
import { useLocale } from '../../i18n/useLocale';
import { formatHeldUntil } from '../../lib/schoolClock';
import { heldElementId } from './bookingLink';
import { bookingErrorKey, staleOffer } from './bookingErrors';

export interface PassTarget {
  request: BookingRequest;
  lesson: string;
  child: string;
  time: string;
}

interface Props {
  places: HeldPlace[];
  offers: BookingOffer[];
  childName: (childId: string) => string;
  lessonName: (lessonId: string) => string;
  /** Taken: the request, now waiting for the office. */
  onTaken: (request: BookingRequest) => void;
  /** "Not this time" was pressed: the confirmation comes next. */
  onPass: (target: PassTarget) => void;
  onStale: () => void;
}

/** The places held for the family, first on the booking page: the offer e-mail's link leads here. */
export function HeldPlaces({ places, ...props }: Props) {
  if (places.length === 0) return null;
  return (
    <div className="space-y-3">
      {places.map((place) => <HeldPlaceNotice key={`${place.request.id}@${place.offer.offeredAt}`} place={place} {...props} />)}
    </div>
  );
}

/** One place held: taken with one tap (no dialog: the request can still be withdrawn), or turned down after asking. Once its time ran out, it says so instead. */
function HeldPlaceNotice({ place, offers, childName, lessonName, onTaken, onPass, onStale }: { place: HeldPlace } & Omit<Props, 'places'>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The state reaches the button with the next render; a second tap before it must not send again.
  const sending = useRef(false);
  const { request, offer: held, state } = place;
  const time = offers.find((offer) => offer.offerId === place.entry.offerId)?.roomHours.find((candidate) => candidate.id === held.roomHourId);
  const names = {
    child: childName(request.childId),
    lesson: lessonName(request.lessonId),
    time: time ? timeText(time, locale) : t('booking.waiting.unknownTime'),
    until: formatHeldUntil(held.until, locale),
  };

  async function take() {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      onTaken(await takeWaitingOffer(request.id));
    } catch (caught) {
      setError(t(bookingErrorKey(caught)));
      if (staleOffer(caught)) onStale();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const open = state === 'open';
  return (
    <section id={heldElementId(request.id)} tabIndex={-1} aria-labelledby={headingId}
      className={`scroll-mt-20 rounded-lg border-2 p-4 text-sm break-words outline-none focus-visible:ring-2 focus-visible:ring-teal-600 ${open ? 'border-teal-700 bg-teal-50 text-teal-950' : 'border-slate-300 bg-slate-50 text-slate-800'}`}>
      <h2 id={headingId} className="text-base font-semibold">{t('booking.requestFor', { lesson: names.lesson, child: names.child })}</h2>
      {open ? (
        <>
          <p className="mt-1">{t('booking.waiting.offer.text', names)}</p>
          {error && <div className="mt-2"><Alert tone="error">{error}</Alert></div>}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" onClick={() => void take()} disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
              {t(busy ? 'booking.waiting.offer.taking' : 'booking.waiting.offer.take')}
            </button>
            <button type="button" onClick={() => onPass({ request, lesson: names.lesson, child: names.child, time: names.time })} disabled={busy}
              className="rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60">
              {t('booking.waiting.offer.pass')}
            </button>
          </div>
        </>
      ) : (
        <p className="mt-1">{t('booking.waiting.offer.ranOut', names)}</p>
      )}
    </section>
  );
}
