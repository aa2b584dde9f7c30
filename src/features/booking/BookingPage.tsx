/**
 * The booking page (/booking): the family's requests for the next quarter and the office's
 * decisions first, then the offered courses, filterable by weekday and time of day; a course
 * whose requests are closed shows as closed. `?offer=…&child=…` opens at one course with that
 * child chosen (the decision e-mails and the dashboard link here). The offer is read with its
 * free places here only.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { useData } from '../../data/DataProvider';
import { allOffers, childChoices, DAY_PARTS, offerDays, offerMatches, sortRequests, type BookingOffer, type BookingRequest, type DayPart } from '../../domain/booking';
import { weekdayName } from '../../domain/schedule';
import { useLocale } from '../../i18n/useLocale';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { queryParams } from '../../routing/paths';
import { offerElementId } from './bookingLink';
import { OfferCard, type Selection } from './OfferCard';
import { RequestDialog } from './RequestDialog';
import { RequestList } from './RequestList';
import { useBooking, type Booking } from './useBooking';
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
  const [params] = useSearchParams();
  const linkedOffer = params.get(queryParams.offer);
  const linkedChild = params.get(queryParams.child);
  const [asking, setAsking] = useState<{ offer: BookingOffer; selection: Selection } | null>(null);
  const [withdrawing, setWithdrawing] = useState<BookingRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [part, setPart] = useState<DayPart | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { data, status, refresh, applyRequest } = booking;
  const offers = allOffers(data);

  // A link to one course (an e-mail's, the dashboard's) scrolls to it once it is there.
  const scrolled = useRef(false);
  useEffect(() => {
    if (!linkedOffer || scrolled.current || !offers.some((offer) => offer.offerId === linkedOffer)) return;
    scrolled.current = true;
    document.getElementById(offerElementId(linkedOffer))?.scrollIntoView?.({ block: 'start' });
  }, [linkedOffer, offers]);
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
    <>
      {notice && (
        <div ref={noticeRef} tabIndex={-1} className="outline-none">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      <Card title={t('booking.yourRequests')}>
        {requests.length === 0 ? <EmptyState>{t('booking.noRequests', { quarter: data.quarter.name })}</EmptyState> : (
          <RequestList requests={requests} offers={data.offers} childName={childName} lessonName={lessonName} onWithdraw={setWithdrawing} />
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
                  onRequest={(chosen, selection) => { setNotice(null); setAsking({ offer: chosen, selection }); }} />
              ))}
            </ul>
          )}
        </div>
      </Card>
      <RequestDialog request={asking && askingChild ? { offer: asking.offer, child: askingChild, selection: asking.selection } : null}
        onClose={() => setAsking(null)} onSent={sent} onStale={() => void refresh()} />
      <WithdrawDialog target={withdrawing ? { request: withdrawing, lesson: lessonName(withdrawing.lessonId), child: childName(withdrawing.childId) } : null}
        onClose={() => setWithdrawing(null)} onWithdrawn={withdrawn} onStale={() => void refresh()} />
    </>
  );
}

/** The weekday and the part of the day a course's times must fall on. */
function OfferFilters({ days, day, part, onDay, onPart }: { days: string[]; day: string | null; part: DayPart | null; onDay: (day: string | null) => void; onPart: (part: DayPart | null) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dayId = useId();
  const partId = useId();
  const select = 'max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm';
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" role="group" aria-label={t('booking.filter.label')}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={dayId} className="text-slate-700">{t('booking.filter.day')}</label>
        <select id={dayId} value={day ?? ''} onChange={(event) => onDay(event.target.value || null)} className={select}>
          <option value="">{t('booking.filter.anyDay')}</option>
          {days.map((weekday) => <option key={weekday} value={weekday}>{weekdayName(weekday, locale)}</option>)}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={partId} className="text-slate-700">{t('booking.filter.time')}</label>
        <select id={partId} value={part ?? ''} onChange={(event) => onPart((event.target.value || null) as DayPart | null)} className={select}>
          <option value="">{t('booking.filter.anyTime')}</option>
          {DAY_PARTS.map((value) => <option key={value} value={value}>{t(`booking.filter.${value}`)}</option>)}
        </select>
      </div>
    </div>
  );
}
