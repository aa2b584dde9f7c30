/**
 * The booking page (/booking): a place held for the family on a waiting list first, then the
 * family's requests for the next quarter and the office's decisions, then the offered courses,
 * filterable by weekday and time of day; a course whose requests are closed shows as closed.
 * `?offer=…&child=…` opens at one course with that child chosen (the decision e-mails and the
 * dashboard link here), or at the place held for that child in that course (the offer e-mail's
 * link). The offer is read with its free places here only.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { useData } from '../../data/DataProvider';
import { allOffers, childChoices, offerDays, offerMatches, sortRequests, type BookingOffer, type BookingRequest, type DayPart } from '../../domain/booking';
import { heldPlaces, waitingChoices, waitingRequestOf } from '../../domain/waitingList';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { HeldPlaces, type PassTarget } from './HeldPlaces';
import { JoinWaitingDialog } from './JoinWaitingDialog';
import { OfferCard, type Selection } from './OfferCard';
import { OfferFilters } from './OfferFilters';
import { RequestDialog } from './RequestDialog';
import { RequestList } from './RequestList';
import { useBooking, type Booking } from './useBooking';
import { useBookingLink } from './useBookingLink';
import { useHeldClock } from './useHeldClock';
import { LeaveWaitingDialog, PassOfferDialog } from './WaitingDialogs';
import { WithdrawDialog } from './WithdrawDialog';

export default function BookingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.booking.title'));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('pages.booking.title')}</h1>
      <BookingSection booking={useBooking({ withPlaces: true })} />
    </div>
  );
}

export function BookingSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const family = useData();
  const [asking, setAsking] = useState<{ offer: BookingOffer; selection: Selection } | null>(null);
  const [withdrawing, setWithdrawing] = useState<BookingRequest | null>(null);
  const [joining, setJoining] = useState<{ offer: BookingOffer; selection: Selection } | null>(null);
  const [leaving, setLeaving] = useState<BookingRequest | null>(null);
  const [passing, setPassing] = useState<PassTarget | null>(null);
  // Places turned down here: gone at once, before the read that follows brings the entry without them.
  const [passed, setPassed] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [part, setPart] = useState<DayPart | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { data, status, refresh, applyRequest } = booking;
  const offers = allOffers(data);
  const now = useHeldClock(data?.waiting ?? []);
  const held = heldPlaces(data?.requests ?? [], data?.waiting ?? [], now).filter((place) => !passed.has(`${place.request.id}@${place.offer.offeredAt}`));
  const { linkedOffer, linkedChild } = useBookingLink({ data, status, offers, held, refresh });

  // The outcome takes the focus: the button that led to it may be gone (a withdrawn request has none).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (family.loading || (booking.quarter && !data && (status === 'idle' || status === 'loading'))) {
    return <div role="status" aria-label={t('common.loading')} className="space-y-3"><Skeleton className="h-24" /><Skeleton className="h-40" /></div>;
  }
  if (status === 'error' && !data) {
    return (
      <Alert tone="error">
        <p>{t('booking.loadError')}</p>
        <button type="button" onClick={() => void refresh()} className="mt-2 font-medium underline">{t('common.retry')}</button>
      </Alert>
    );
  }
  if (!data || (offers.length === 0 && data.requests.length === 0)) return <Card title={t('booking.offerTitle')}><EmptyState>{t('booking.none')}</EmptyState></Card>;

  const requests = sortRequests(data.requests);
  const shownOffers = offers.filter((offer) => offerMatches(offer, { day, part }));
  const childName = (id: string) => family.children.find((child) => child.id === id)?.name ?? t('booking.unknownChild');
  const lessonName = (id: string) => data.offers.find((offer) => offer.lessonId === id)?.lessonName ?? t('booking.unknownLesson');
  const askingChild = asking ? family.children.find((child) => child.id === asking.selection.childId) : undefined;
  const joiningChild = joining ? family.children.find((child) => child.id === joining.selection.childId) : undefined;
  const named = (request: BookingRequest) => ({ request, lesson: lessonName(request.lessonId), child: childName(request.childId) });

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
  // Each waiting list step shows its answer at once, then reads again: places in line and offers move.
  const joined = (request: BookingRequest) => {
    applyRequest(request);
    setJoining(null);
    setNotice(t('booking.waiting.joined', { lesson: lessonName(request.lessonId), child: childName(request.childId) }));
    void refresh();
  };
  const left = (request: BookingRequest) => {
    applyRequest(request);
    setLeaving(null);
    setNotice(t('booking.waiting.leave.done', { lesson: lessonName(request.lessonId), child: childName(request.childId) }));
    void refresh();
  };
  const taken = (request: BookingRequest) => {
    applyRequest(request);
    setNotice(t('booking.waiting.offer.taken', { lesson: lessonName(request.lessonId), child: childName(request.childId) }));
    void refresh();
  };
  const turnedDown = (target: PassTarget) => {
    const place = held.find((candidate) => candidate.request.id === target.request.id);
    if (place) setPassed(new Set(passed).add(`${place.request.id}@${place.offer.offeredAt}`));
    setPassing(null);
    setNotice(t('booking.waiting.pass.done', { lesson: target.lesson, child: target.child }));
    void refresh();
  };

  return (
    <>
      {notice && (
        <div ref={noticeRef} tabIndex={-1} className="outline-none">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      <HeldPlaces places={held} offers={data.offers} childName={childName} lessonName={lessonName}
        onTaken={taken} onPass={(target) => { setNotice(null); setPassing(target); }} onStale={() => void refresh()} />
      <Card title={t('booking.yourRequests')}>
        {requests.length === 0 ? <EmptyState>{t('booking.noRequests', { quarter: data.quarter.name })}</EmptyState> : (
          <RequestList requests={requests} offers={data.offers} waiting={data.waiting} childName={childName} lessonName={lessonName}
            onWithdraw={setWithdrawing} onLeave={(request) => { setNotice(null); setLeaving(request); }} />
        )}
      </Card>
      <Card title={t('booking.title', { quarter: data.quarter.name })}>
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{offers.some((offer) => offer.open) ? t('booking.intro') : t('booking.closed', { quarter: data.quarter.name })}</p>
          <OfferFilters days={offerDays(offers)} day={day} part={part} onDay={setDay} onPart={setPart} />
          {shownOffers.length === 0 ? <EmptyState>{t('booking.filter.none')}</EmptyState> : (
            <ul className="grid gap-3 lg:grid-cols-2">
              {shownOffers.map((offer) => (
                <OfferCard key={offer.offerId} offer={offer} choices={childChoices(family.children, data.requests, offer.lessonId)}
                  dates={family.closedDays && { quarter: data.quarter, closedDays: family.closedDays }}
                  preferredChild={offer.offerId === linkedOffer ? linkedChild : null}
                  onRequest={(chosen, selection) => { setNotice(null); setAsking({ offer: chosen, selection }); }}
                  waitChoices={waitingChoices(family.children, data.requests, offer.lessonId)}
                  onJoin={(chosen, selection) => { setNotice(null); setJoining({ offer: chosen, selection }); }} />
              ))}
            </ul>
          )}
        </div>
      </Card>
      <RequestDialog request={asking && askingChild ? { ...asking, child: askingChild, waiting: !!waitingRequestOf(data.requests, asking.offer.lessonId, askingChild.id) } : null}
        onClose={() => setAsking(null)} onSent={sent} onStale={() => void refresh()} />
      <WithdrawDialog target={withdrawing ? { request: withdrawing, lesson: lessonName(withdrawing.lessonId), child: childName(withdrawing.childId) } : null}
        onClose={() => setWithdrawing(null)} onWithdrawn={withdrawn} onStale={() => void refresh()} />
      <JoinWaitingDialog joining={joining && joiningChild ? { offer: joining.offer, child: joiningChild, selection: joining.selection } : null}
        onClose={() => setJoining(null)} onJoined={joined} onStale={() => void refresh()} />
      <LeaveWaitingDialog target={leaving && named(leaving)} onClose={() => setLeaving(null)} onLeft={left} onStale={() => void refresh()} />
      <PassOfferDialog target={passing} onClose={() => setPassing(null)} onPassed={turnedDown} onStale={() => void refresh()} />
    </>
  );
}
