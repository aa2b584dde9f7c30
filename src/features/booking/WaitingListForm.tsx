import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingOffer, ChildChoice, Selection } from '../../domain/booking';
import { fullTimes, ordinalNumber, toggleChoice } from '../../domain/waitingList';
import { useLocale } from '../../i18n/useLocale';
import { TimeText } from './TimeText';

interface Props {
  offer: BookingOffer;
  /** The children who may join, and those who may not (a request that holds, or already in line). */
  choices: ChildChoice[];
  /** The child a link to this course chose, if it may still join. */
  preferredChild: string | null;
  /** The parent chose a child and the full times in order of preference: the confirmation comes next. */
  onJoin: (offer: BookingOffer, selection: Selection) => void;
}

/**
 * Joining the waiting list of a course's full times, folded away under one button. The order of
 * preference is the order in which the times are ticked ("1st choice", "2nd choice"); unticking a
 * time closes the gap, and ticking it again puts it last: no dragging needed.
 */
export function WaitingListForm({ offer, choices, preferredChild, onJoin }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const panelId = useId();
  const childId = useId();
  const problemId = useId();
  const [open, setOpen] = useState(false);
  const [chosenChild, setChosenChild] = useState(() => {
    const available = choices.filter((choice) => !choice.blockedBy);
    if (available.some((choice) => choice.child.id === preferredChild)) return preferredChild ?? '';
    return available.length === 1 ? available[0]!.child.id : '';
  });
  const [order, setOrder] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const times = fullTimes(offer);
  const available = choices.filter((choice) => !choice.blockedBy);
  if (times.length === 0 || available.length === 0) return null;
  // A child who joined meanwhile (from here, or read back) is chosen no more; a time with a place again is waited for no more.
  const child = available.some((choice) => choice.child.id === chosenChild) ? chosenChild : '';
  const chosen = order.filter((id) => times.some((time) => time.id === id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!child) return setProblem(t('booking.missingChild'));
    if (chosen.length === 0) return setProblem(t('booking.missingTime'));
    setProblem(null);
    onJoin(offer, { childId: child, roomHourIds: chosen });
  };

  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}
        className="rounded-md border border-sky-700 px-3 py-1.5 font-medium text-sky-900 hover:bg-sky-50">
        {t('booking.waiting.open')}
      </button>
      {open && (
        <form id={panelId} onSubmit={submit} noValidate className="mt-3 space-y-3" aria-label={t('booking.waiting.open')} aria-describedby={problem ? problemId : undefined}>
          <p className="text-slate-700">{t('booking.waiting.intro')}</p>
          <fieldset>
            <legend className="font-medium text-slate-800">{t('booking.waiting.times')}</legend>
            <p className="text-slate-600">{t('booking.waiting.orderHint')}</p>
            <ul className="mt-1 space-y-1.5">
              {times.map((time) => {
                const rank = chosen.indexOf(time.id);
                const rankId = `${panelId}-${time.id}`;
                return (
                  <li key={time.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <label className="flex min-w-0 items-start gap-2">
                      <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={rank >= 0} aria-describedby={rank >= 0 ? rankId : undefined}
                        onChange={(event) => { setProblem(null); setOrder(toggleChoice(chosen, time.id, event.target.checked)); }} />
                      <TimeText time={time} />
                    </label>
                    {rank >= 0 && (
                      <span id={rankId} className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                        {t('booking.waiting.choice', { place: ordinalNumber(rank + 1, locale) })}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={childId} className="font-medium text-slate-800">{t('booking.child')}</label>
            <select id={childId} value={child} onChange={(event) => { setProblem(null); setChosenChild(event.target.value); }}
              className="max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1">
              <option value="" disabled>{t('booking.chooseChild')}</option>
              {choices.map(({ child: candidate, blockedBy }) => (
                <option key={candidate.id} value={candidate.id} disabled={!!blockedBy}>
                  {blockedBy ? t(blockedBy.status === 'waiting' ? 'booking.childWaiting' : blockedBy.status === 'confirmed' ? 'booking.childConfirmed' : 'booking.childRequested', { name: candidate.name }) : candidate.name}
                </option>
              ))}
            </select>
          </div>
          {problem && <p id={problemId} role="alert" className="text-red-800">{problem}</p>}
          <button type="submit" className="rounded-md bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900">
            {t('booking.waiting.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
