/**
 * The plans page's section "Book <quarter>": the next quarter's offered courses while requests
 * are taken, and the family's requests for that quarter with their state. A school without
 * booking (no offer for the quarter) shows nothing at all.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { useData } from '../../data/DataProvider';
import { type BookingOffer, type BookingRequest, childChoices, openOffers, sortRequests } from '../../domain/booking';
import { useFamilyScope } from '../../routing/familyScope';
import { BOOKING_SECTION_ID } from './bookingLink';
import { OfferCard, type Selection } from './OfferCard';
import { RequestDialog } from './RequestDialog';
import { RequestList } from './RequestList';
import { useBooking, type Booking } from './useBooking';
import { WithdrawDialog } from './WithdrawDialog';

export default function PlansBooking() {
  const { readOnly } = useFamilyScope();
  // An admin's view of a family changes nothing, and reads no offer for it.
  return readOnly ? null : <OwnBooking />;
}

function OwnBooking() {
  return <BookingSection booking={useBooking({ withPlaces: true })} />;
}

export function BookingSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const family = useData();
  const { hash } = useLocation();
  const [asking, setAsking] = useState<{ offer: BookingOffer; selection: Selection } | null>(null);
  const [withdrawing, setWithdrawing] = useState<BookingRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  const { data, status, refresh, applyRequest } = booking;
  const shown = !!data && (openOffers(data).length > 0 || data.requests.length > 0);

  // The dashboard's link (#booking) leads here once the section is there.
  const scrolled = useRef(false);
  useEffect(() => {
    if (!shown || scrolled.current || hash !== `#${BOOKING_SECTION_ID}`) return;
    scrolled.current = true;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [shown, hash]);
  // The outcome takes the focus: the button that led to it may be gone (a withdrawn request has none).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (status === 'error' && !data) {
    return (
      <Alert tone="error">
        <p>{t('booking.loadError')}</p>
        <button type="button" onClick={() => void refresh()} className="mt-2 font-medium underline">{t('common.retry')}</button>
      </Alert>
    );
  }
  if (!data || !shown) return null;

  const offers = openOffers(data);
  const requests = sortRequests(data.requests);
  const childName = (id: string) => family.children.find((child) => child.id === id)?.name ?? t('booking.unknownChild');
  const lessonName = (id: string) => data.offers.find((offer) => offer.lessonId === id)?.lessonName ?? t('booking.unknownLesson');
  const askingChild = asking ? family.children.find((child) => child.id === asking.selection.childId) : undefined;

  const sent = (request: BookingRequest) => {
    applyRequest(request);
    setAsking(null);
    setNotice(t('booking.sent', { lesson: lessonName(request.lessonId), child: childName(request.childId) }));
    void refresh();
  };
  const withdrawn = (request: BookingRequest) => {
    applyRequest(request);
    setWithdrawing(null);
    setNotice(t('booking.withdraw.done', { lesson: lessonName(request.lessonId), child: childName(request.childId) }));
    void refresh();
  };

  return (
    <div id={BOOKING_SECTION_ID} ref={sectionRef} className="scroll-mt-20">
      <Card title={t('booking.title', { quarter: data.quarter.name })}>
        <div className="space-y-4">
          {notice && (
            <div ref={noticeRef} tabIndex={-1} className="outline-none">
              <Alert tone="success">{notice}</Alert>
            </div>
          )}
          {requests.length > 0 && (
            <section aria-labelledby={`${BOOKING_SECTION_ID}-requests`}>
              <h3 id={`${BOOKING_SECTION_ID}-requests`} className="mb-2 font-semibold text-slate-900">{t('booking.yourRequests')}</h3>
              <RequestList requests={requests} offers={data.offers} childName={childName} lessonName={lessonName} onWithdraw={setWithdrawing} />
            </section>
          )}
          {offers.length === 0 ? (
            <p className="text-sm text-slate-600">{t('booking.closed', { quarter: data.quarter.name })}</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">{t('booking.intro')}</p>
              <ul className="grid gap-3 lg:grid-cols-2">
                {offers.map((offer) => (
                  <OfferCard key={offer.offerId} offer={offer} choices={childChoices(family.children, data.requests, offer.lessonId)}
                    onRequest={(chosen, selection) => { setNotice(null); setAsking({ offer: chosen, selection }); }} />
                ))}
              </ul>
            </>
          )}
        </div>
      </Card>
      <RequestDialog request={asking && askingChild ? { offer: asking.offer, child: askingChild, selection: asking.selection } : null}
        onClose={() => setAsking(null)} onSent={sent} onStale={() => void refresh()} />
      <WithdrawDialog target={withdrawing ? { request: withdrawing, lesson: lessonName(withdrawing.lessonId), child: childName(withdrawing.childId) } : null}
        onClose={() => setWithdrawing(null)} onWithdrawn={withdrawn} onStale={() => void refresh()} />
    </div>
  );
}
