/**
 * The entries to the booking page: the dashboard's card (a place held for the family on a waiting
 * list, first; while requests are taken, a link with the last day; and the office's latest
 * decisions on the family's requests) and the plans page's short
 * link above the family's courses. Read lightly (no places) once the screen is shown; a school
 * without booking shows nothing.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../components/Card';
import { useData } from '../../data/DataProvider';
import { lastRequestDay, latestDecisions } from '../../domain/booking';
import { heldPlaces } from '../../domain/waitingList';
import { useLocale } from '../../i18n/useLocale';
import { formatDay, formatHeldUntil } from '../../lib/schoolClock';
import { useFamilyScope } from '../../routing/familyScope';
import { bookingPath } from '../../routing/paths';
import { StatusPill } from './RequestList';
import { useBooking, type Booking } from './useBooking';
import { useHeldClock } from './useHeldClock';

export default function DashboardBooking() {
  const { readOnly } = useFamilyScope();
  // An admin's view of a family reads no offer for it.
  return readOnly ? null : <OwnEntry />;
}

function OwnEntry() {
  return <BookingEntry booking={useBooking({ withPlaces: false })} />;
}

export function BookingEntry({ booking: { data } }: { booking: Booking }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const family = useData();
  const now = useHeldClock(data?.waiting ?? []);
  const until = lastRequestDay(data);
  const decisions = latestDecisions(data?.requests ?? []);
  const waiting = (data?.requests ?? []).filter((request) => request.status === 'requested').length;
  // Only places still held: one that ran out has nothing left to take.
  const held = heldPlaces(data?.requests ?? [], data?.waiting ?? [], now).filter((place) => place.state === 'open');
  if (!data || (!until && decisions.length === 0 && held.length === 0)) return null;
  const childName = (id: string) => family.children.find((child) => child.id === id)?.name ?? t('booking.unknownChild');
  const lessonName = (id: string) => data.lessonNames[id] ?? t('booking.unknownLesson');

  return (
    <Card title={t('booking.dashboard.title', { quarter: data.quarter.name })}>
      <div className="space-y-3 text-sm">
        {held.map(({ request, entry, offer }) => (
          <Link key={request.id} to={bookingPath({ offer: entry.offerId, child: request.childId })}
            className="block rounded-lg border-2 border-teal-700 bg-teal-50 px-3 py-2 font-semibold text-teal-950 hover:bg-teal-100">
            {t('booking.dashboard.held', { lesson: lessonName(request.lessonId), child: childName(request.childId), until: formatHeldUntil(offer.until, locale) })}
          </Link>
        ))}
        {until && (
          <Link to={bookingPath()} className="block rounded-lg border border-teal-700 px-3 py-2 font-semibold text-teal-900 hover:bg-teal-50">
            {t('booking.dashboard.entry', { date: formatDay(until, locale, 'long') })}
          </Link>
        )}
        {waiting > 0 && <p className="text-slate-700">{t('booking.dashboard.waiting', { count: waiting })}</p>}
        {decisions.length > 0 && (
          <ul className="space-y-2">
            {decisions.map((request) => (
              <li key={request.id} className="flex flex-wrap items-start justify-between gap-2 break-words">
                <Link to={bookingPath()} className="min-w-0 flex-1 text-slate-800 hover:underline">
                  {t(request.status === 'confirmed' ? 'booking.dashboard.confirmed' : 'booking.dashboard.declined', { lesson: lessonName(request.lessonId), child: childName(request.childId) })}
                </Link>
                <StatusPill status={request.status} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** The plans page's link to the booking page, while requests for the next quarter are taken. */
export function PlansBookingLink() {
  const { readOnly } = useFamilyScope();
  return readOnly ? null : <OwnLink />;
}

function OwnLink() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = useBooking({ withPlaces: false });
  const until = lastRequestDay(data);
  if (!data || !until) return null;
  return (
    <Link to={bookingPath()} className="inline-block text-sm font-medium text-teal-800 underline">
      {t('plans.bookingLink', { quarter: data.quarter.name, date: formatDay(until, locale, 'long') })}
    </Link>
  );
}
