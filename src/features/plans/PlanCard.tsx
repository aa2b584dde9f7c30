import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LessonDates } from '../../components/LessonDates';
import { useData } from '../../data/DataProvider';
import { formatMoney } from '../../domain/money';
import { planCancellations } from '../../domain/notices';
import { planCardState, planCost } from '../../domain/plans';
import { hourLabel, sortRoomHours, weekdayName } from '../../domain/schedule';
import type { Plan } from '../../domain/types';
import { useLocale } from '../../i18n/useLocale';
import { useFamilyScope } from '../../routing/familyScope';
import { absencesPath } from '../../routing/paths';
import { HIGHLIGHT_RING } from '../../routing/useHighlight';
import { todayIso } from '../../lib/schoolClock';
import { CancelledNote } from './CancelledNote';
import { planElementId } from './planElementId';

/** A course of a child in a quarter: its times (and the dates cancelled), its cost and what is paid. */
export function PlanCard({ plan, highlighted }: { plan: Plan; highlighted: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useData();
  const { readOnly } = useFamilyScope();
  const lesson = data.lessons.find((l) => l.id === plan.lessonId);
  const child = data.children.find((candidate) => candidate.id === plan.childId);
  const teacher = data.teachers.find((tch) => tch.id === lesson?.teacherId);
  const times = sortRoomHours(data.roomHours.filter((rh) => plan.roomHourIds.includes(rh.id)));
  const cancelled = planCancellations(plan, data.quarters, data.cancellations, data.roomHours);
  const quarter = data.quarters.find((candidate) => candidate.id === plan.quarterId);
  // The closed days are known for the quarters not over (docs/calendar.md): earlier ones list no dates.
  const withDates = quarter && data.closedDays !== null && quarter.lastDay >= todayIso() ? { quarter, closedDays: data.closedDays } : null;
  const money = (amount: number) => formatMoney(amount, locale);
  const row = (label: string, value: string, numeric = true) => (
    <div className="flex flex-wrap justify-between gap-x-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className={numeric ? 'tabular-nums' : undefined}>{value}</dd>
    </div>
  );
  return (
    <li id={planElementId(plan.id)} className={`min-w-0 rounded-lg border border-slate-200 p-3 text-sm break-words ${highlighted ? HIGHLIGHT_RING.teal : ''}`}>
      {lesson ? (
        <>
          <p className="font-semibold text-slate-900">{lesson.name}</p>
          {teacher && <p className="text-slate-600">{t('plans.teacher', { name: teacher.name })}</p>}
          <CancelledNote cancellations={cancelled.filter((cancellation) => cancellation.roomHourId === null)} />
          {/* Day and time on a line, the room below: in a card half a tablet wide, a column of its own would squeeze it. */}
          {times.length > 0 && (
            <ul aria-label={t('plans.times')} className="mt-2 space-y-1">
              {times.map((time) => (
                <li key={time.id}>
                  <span className="font-medium whitespace-nowrap">{weekdayName(time.dayOfWeek, locale)}</span>{' '}
                  <span className="whitespace-nowrap tabular-nums">{hourLabel(time.hourRefLabel)}</span>
                  {time.roomName && <span className="block text-slate-600">{time.roomName}</span>}
                  {/* A cancellation of this time only, right under it. */}
                  <CancelledNote cancellations={cancelled.filter((cancellation) => cancellation.roomHourId === time.id)} />
                </li>
              ))}
            </ul>
          )}
          {withDates && <LessonDates course={plan} roomHours={times} cancelled={cancelled.map((cancellation) => cancellation.date)} {...withDates} />}
        </>
      ) : (
        // The plan points to a course the family cannot read (deleted, or not yet synced): its
        // own figures are still right, but a cost or a progress would be made up.
        <div role="note">
          <p className="font-semibold text-slate-900">{t('plans.unavailable.title')}</p>
          <p className="text-slate-600">{t('plans.unavailable.text')}</p>
        </div>
      )}
      <dl className="mt-2 space-y-0.5">
        {row(t('plans.duration'), t('plans.weeks', { count: plan.weeks }), false)}
        {lesson && row(t('plans.cost'), money(planCost(plan, lesson)))}
        {lesson && lesson.extrasPerQuarter > 0 && row(t('plans.materials'), money(lesson.extrasPerQuarter))}
        {row(t('plans.paid'), money(plan.paid))}
        {!lesson && row(t('plans.balance'), money(plan.balance))}
      </dl>
      <div className="mt-2">
        <PlanState plan={plan} cost={lesson ? planCost(plan, lesson) : null} />
      </div>
      {lesson?.whatsappGroup && (
        <a href={lesson.whatsappGroup} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block font-medium text-teal-800 underline">{t('plans.group')}</a>
      )}
      {/* Reporting is the parent's; an admin's view of the family reports nothing. */}
      {!readOnly && lesson && child && (
        <Link to={absencesPath({ report: true, child: child.id })} aria-label={t('plans.reportAbsenceFor', { child: child.name, lesson: lesson.name })}
          className="mt-2 block font-medium text-teal-800 underline">
          {t('absences.report')}
        </Link>
      )}
    </li>
  );
}

/** Paid, due, in credit, or partly paid: with a progress bar only where the course's cost is known. */
function PlanState({ plan, cost }: { plan: Plan; cost: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, locale);
  const state = planCardState(plan, cost);
  switch (state.kind) {
    case 'fullyPaid':
      return <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t('plans.state.fullyPaid')}</span>;
    case 'paymentRequired':
      return <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">{t('plans.state.paymentRequired', { amount: money(Math.abs(plan.balance)) })}</span>;
    case 'paidWithCredit':
      return <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{t('plans.state.paidWithCredit', { amount: money(state.credit) })}</span>;
    case 'partlyPaid':
      return (
        <div>
          <p className="text-xs text-slate-700">{t('plans.state.amountDue', { amount: money(Math.abs(plan.balance)) })}</p>
          {state.progress !== null && (
            <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(state.progress)} aria-label={t('plans.progress')} className="mt-1 h-2 rounded bg-slate-200">
              <div className="h-2 rounded bg-teal-600" style={{ width: `${state.progress}%` }} />
            </div>
          )}
        </div>
      );
  }
}
