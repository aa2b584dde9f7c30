import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarClosedDay } from '@family-portal/contract';
import { LessonDates } from '../../components/LessonDates';
import { type BookingOffer, type ChildChoice, type Selection, canRequest, freePlacesOf, initialSelection, offerCost, timeSelectable } from '../../domain/booking';
import { formatMoney } from '../../domain/money';
import { sortRoomHours } from '../../domain/schedule';
import { useLocale } from '../../i18n/useLocale';
import { formatDay } from '../../lib/schoolClock';
import { offerElementId } from './bookingLink';
import { TimeText } from './TimeText';
import { WaitingListForm } from './WaitingListForm';

export type { Selection };

interface Props {
  offer: BookingOffer;
  choices: ChildChoice[];
  /** The child a link to this course chose (the booking page's `?child=`), if it may still ask. */
  preferredChild?: string | null;
  /** The parent chose a child and the times: the confirmation comes next. */
  onRequest: (offer: BookingOffer, selection: Selection) => void;
  /** The children for the waiting list of the full times (waitingChoices). */
  waitChoices: ChildChoice[];
  /** The parent chose a child and full times to wait for: the confirmation comes next. */
  onJoin: (offer: BookingOffer, selection: Selection) => void;
  /** The quarter's days and the school's closed days, when known: each time lists its dates. */
  dates?: { quarter: { firstDay: string; lastDay: string }; closedDays: readonly CalendarClosedDay[] } | null;
}

/**
 * One offered course: its times with the places left, teacher, prices, cost and last day; the
 * parent picks a child and the times, or joins the waiting list of the full ones. A course whose
 * last day for requests has passed says so, and takes none.
 */
export function OfferCard({ offer, choices, preferredChild = null, onRequest, waitChoices, onJoin, dates = null }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const childSelectId = useId();
  const problemId = useId();
  const placesId = useId();
  const headingId = useId();
  const [selection, setSelection] = useState<Selection>(() => {
    const initial = initialSelection(offer, choices);
    const preferred = choices.some((choice) => choice.child.id === preferredChild && !choice.blockedBy);
    return preferred && preferredChild ? { ...initial, childId: preferredChild } : initial;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, locale);
  const times = sortRoomHours(offer.roomHours);
  const available = choices.filter((choice) => !choice.blockedBy);
  // A child picked before who has a request now (sent from here, or read back) is picked no more.
  const childId = available.some((choice) => choice.child.id === selection.childId) ? selection.childId : '';
  const roomHourIds = selection.roomHourIds.filter((id) => timeSelectable(offer, id));

  const toggle = (id: string, on: boolean) => {
    setProblem(null);
    setSelection((current) => ({ ...current, roomHourIds: on ? [...current.roomHourIds, id] : current.roomHourIds.filter((known) => known !== id) }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!childId) return setProblem(t('booking.missingChild'));
    if (roomHourIds.length === 0) return setProblem(t('booking.missingTime'));
    if (!canRequest(offer, choices, childId, roomHourIds)) return setProblem(t('booking.missingTime'));
    setProblem(null);
    onRequest(offer, { childId, roomHourIds });
  };
  const row = (label: string, value: string, strong = false) => (
    <div className="flex flex-wrap justify-between gap-x-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold text-slate-900' : ''}`}>{value}</dd>
    </div>
  );

  return (
    <li id={offerElementId(offer.offerId)} className="min-w-0 scroll-mt-20 rounded-lg border border-slate-200 p-3 text-sm break-words" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold text-slate-900">{offer.lessonName}</h3>
        {!offer.open && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t('booking.closedOffer')}</span>}
      </div>
      {offer.teacherName && <p className="text-slate-600">{t('plans.teacher', { name: offer.teacherName })}</p>}
      <dl className="mt-2 space-y-0.5">
        {row(t('booking.pricePerHour'), money(offer.pricePerHour))}
        {offer.extrasPerQuarter > 0 && row(t('booking.extras'), money(offer.extrasPerQuarter))}
        {row(t('plans.duration'), t('plans.weeks', { count: offer.weeks }))}
        {row(t('booking.cost'), money(offerCost(offer)), true)}
        {row(t('booking.deadline'), formatDay(offer.requestsUntil, locale, 'long'))}
      </dl>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-describedby={problem ? problemId : undefined}>
        <fieldset>
          <legend className="font-medium text-slate-800">{t('booking.times')}</legend>
          <ul className="mt-1 space-y-1.5">
            {times.map((time) => {
              const free = freePlacesOf(offer, time.id);
              const selectable = timeSelectable(offer, time.id);
              const describedBy = `${placesId}-${time.id}`;
              return (
                <li key={time.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <label className={`flex min-w-0 items-start gap-2 ${selectable ? '' : 'text-slate-500'}`}>
                    <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={roomHourIds.includes(time.id)} disabled={!selectable}
                      aria-describedby={free === null ? undefined : describedBy} onChange={(event) => toggle(time.id, event.target.checked)} />
                    <TimeText time={time} />
                  </label>
                  {free !== null && (
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${free === 0 ? 'bg-red-100 text-red-900' : 'bg-green-100 text-green-900'}`}>
                      {free === 0 ? t('booking.full') : t('booking.placesLeft', { count: free })}
                    </span>
                  )}
                  {dates && (
                    <div className="w-full pl-6 text-xs">
                      <LessonDates course={{ lessonId: offer.lessonId, roomHourIds: [time.id] }} roomHours={[time]} next {...dates} />
                    </div>
                  )}
                  {/* What a screen reader hears with the time: the places, or why it cannot be picked. */}
                  {free !== null && (
                    <span id={describedBy} hidden>
                      {free === 0 ? t('booking.fullTime') : t('booking.placesLeft', { count: free })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
        {!offer.open ? (
          <p className="text-slate-600">{t('booking.closedOfferText', { date: formatDay(offer.requestsUntil, locale, 'long') })}</p>
        ) : choices.length === 0 ? (
          <p className="text-slate-600">{t('booking.noChildren')}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={childSelectId} className="font-medium text-slate-800">{t('booking.child')}</label>
              <select id={childSelectId} value={childId} onChange={(event) => { setProblem(null); setSelection((current) => ({ ...current, childId: event.target.value })); }}
                className="max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1">
                <option value="" disabled>{t('booking.chooseChild')}</option>
                {choices.map(({ child, blockedBy }) => (
                  <option key={child.id} value={child.id} disabled={!!blockedBy}>
                    {blockedBy ? t(blockedBy.status === 'confirmed' ? 'booking.childConfirmed' : 'booking.childRequested', { name: child.name }) : child.name}
                  </option>
                ))}
              </select>
            </div>
            {problem && <p id={problemId} role="alert" className="text-red-800">{problem}</p>}
            <button type="submit" className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
              {t('booking.request')}
            </button>
          </>
        )}
      </form>
      <WaitingListForm offer={offer} choices={waitChoices} preferredChild={preferredChild} onJoin={onJoin} />
    </li>
  );
}
