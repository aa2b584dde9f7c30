/**
 * A link to the booking page at one course for one child (`?offer=…&child=…`: the decision and
 * offer e-mails, their pushes, the dashboard): the page scrolls to the course once it is there,
 * or to the place held there for the child, which it also focuses, so that it is read first.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BookingData, BookingOffer } from '../../domain/booking';
import type { HeldPlace } from '../../domain/waitingList';
import { queryParams } from '../../routing/paths';
import { heldElementId, offerElementId } from './bookingLink';
import type { Booking } from './useBooking';

interface Shown {
  data: BookingData | null;
  status: Booking['status'];
  offers: BookingOffer[];
  held: HeldPlace[];
  refresh: () => Promise<void>;
}

export function useBookingLink({ data, status, offers, held, refresh }: Shown) {
  const [params] = useSearchParams();
  const linkedOffer = params.get(queryParams.offer);
  const linkedChild = params.get(queryParams.child);
  const linkedHeld = held.find((place) => place.entry.offerId === linkedOffer && place.request.childId === linkedChild);
  const linkedWaiting = data?.requests.some((request) => request.status === 'waiting' && request.offerId === linkedOffer && request.childId === linkedChild) ?? false;

  // Once to the course, and once more to a place held there when a later read brings it.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedOffer) return;
    const target = linkedHeld ? heldElementId(linkedHeld.request.id) : offers.some((offer) => offer.offerId === linkedOffer) ? offerElementId(linkedOffer) : null;
    if (!target || target === scrolledTo.current || (scrolledTo.current && !linkedHeld)) return;
    scrolledTo.current = target;
    const element = document.getElementById(target);
    element?.scrollIntoView?.({ block: 'start' });
    if (linkedHeld) element?.focus({ preventScroll: true });
  }, [linkedOffer, linkedHeld, offers]);

  // The link names a child waiting for that course, but the page was read before its place was
  // offered (a tab left open, then the e-mail's or the push's link): read once more.
  const reread = useRef<string | null>(null);
  const linkKey = `${linkedOffer}/${linkedChild}`;
  useEffect(() => {
    if (!linkedWaiting || linkedHeld || status !== 'ready' || reread.current === linkKey) return;
    reread.current = linkKey;
    void refresh();
  }, [linkedWaiting, linkedHeld, status, linkKey, refresh]);

  return { linkedOffer, linkedChild };
}
