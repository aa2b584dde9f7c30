import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { queryParams } from '../../routing/paths';
import { useHighlight } from '../../routing/useHighlight';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { useData } from '../../data/DataProvider';
import { formatDay, todayIso } from '../../lib/schoolClock';
import { planCancellations } from '../../domain/notices';
import { currentQuarter, hourLabel, quarterTabs, sortRoomHours, weekdayName } from '../../domain/schedule';
import type { Plan } from '../../domain/types';
import { useLocale } from '../../i18n/useLocale';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFamilyScope } from '../../routing/familyScope';
import { CalendarDialog } from './CalendarDialog';
import { PlanCard } from './PlanCard';
import { planElementId } from './planElementId';

const ALL = 'all';

/**
 * The family's own courses of the chosen quarter come first: what most parents open this page
 * for. `booking`: a short link to the booking page while requests are taken (features/booking),
 * in the parent's own frame only.
 */
export default function PlansPage({ booking }: { booking?: ReactNode }) {
  const { t } = useTranslation();
  const data = useData();
  const [params, setParams] = useSearchParams();
  const childFilter = params.get(queryParams.child);
  const linkedPlan = params.get(queryParams.plan);
  const moreId = useId();
  const childSelectId = useId();
  const { tabs, more } = quarterTabs(data.quarters);
  const [quarterId, setQuarterId] = useState<string | undefined>(undefined);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { readOnly } = useFamilyScope();
  // The cards show at once; their teachers and room hours fill in when they come.
  const loading = data.loading;
  const highlighted = useHighlight(queryParams.plan, !loading, planElementId);
  useDocumentTitle(t('pages.plans.title'));
  useLessonLink(loading);

  if (loading) return <div role="status" aria-label={t('common.loading')} className="space-y-3"><Skeleton className="h-8 w-56" /><Skeleton className="h-40" /></div>;
  if (data.error) return <LoadError message={data.error} />;

  // A deep link to a plan opens its quarter; otherwise the current quarter, as on the dashboard.
  const linkedQuarter = data.plans.find((plan) => plan.id === linkedPlan)?.quarterId;
  const selected = quarterId ?? linkedQuarter ?? currentQuarter(data.quarters, todayIso())?.id ?? tabs[0]?.id ?? ALL;
  const quarters = (selected === ALL ? [...tabs, ...more] : [...tabs, ...more].filter((q) => q.id === selected));
  const children = data.children.filter((child) => !childFilter || child.id === childFilter);
  const setChild = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(queryParams.child, id);
    else next.delete(queryParams.child);
    next.delete(queryParams.plan);
    setParams(next, { replace: true });
  };
  const tabClass = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm font-medium ${active ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{t('pages.plans.title')}</h1>
        {/* The address is the parent's own: an admin's view of the family never makes one. */}
        {!readOnly && (
          <button type="button" onClick={() => setCalendarOpen(true)} className="rounded-md border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50">
            {t('plans.calendar.open')}
          </button>
        )}
      </div>
      {!readOnly && <CalendarDialog open={calendarOpen} onClose={() => setCalendarOpen(false)} />}
      {booking && <Suspense fallback={null}>{booking}</Suspense>}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('plans.quarterFilter')}>
        {tabs.map((quarter) => (
          <button key={quarter.id} type="button" aria-pressed={selected === quarter.id} onClick={() => setQuarterId(quarter.id)} className={tabClass(selected === quarter.id)}>
            {quarter.name}
          </button>
        ))}
        {more.length > 0 && (
          <>
            <label htmlFor={moreId} className="sr-only">{t('plans.more')}</label>
            <select id={moreId} value={more.some((q) => q.id === selected) ? selected : ''} onChange={(e) => setQuarterId(e.target.value)}
              className="max-w-full rounded-full border border-slate-300 bg-white px-3 py-1 text-sm">
              <option value="" disabled>{t('plans.more')}</option>
              {more.map((quarter) => <option key={quarter.id} value={quarter.id}>{quarter.name}</option>)}
            </select>
          </>
        )}
        <button type="button" aria-pressed={selected === ALL} onClick={() => setQuarterId(ALL)} className={tabClass(selected === ALL)}>
          {t('plans.allQuarters')}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={childSelectId} className="text-sm text-slate-700">{t('plans.child')}</label>
        <select id={childSelectId} value={childFilter ?? ''} onChange={(e) => setChild(e.target.value || null)} className="max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
          <option value="">{t('plans.allChildren')}</option>
          {data.children.map((child) => <option key={child.id} value={child.id}>{child.name}</option>)}
        </select>
        {childFilter && (
          <button type="button" onClick={() => setChild(null)} className="text-sm font-medium text-teal-800 underline">{t('plans.clearChild')}</button>
        )}
      </div>
      {data.children.length === 0 ? (
        <EmptyState>{t('enrolments.noChildren')}</EmptyState>
      ) : (
        quarters.map((quarter) => {
          const quarterPlans = data.plans.filter((plan) => plan.quarterId === quarter.id && children.some((child) => child.id === plan.childId));
          return (
            <Card key={quarter.id} title={quarter.name}>
              {quarterPlans.length === 0 ? (
                <EmptyState>{t('plans.none')}</EmptyState>
              ) : (
                <div className="space-y-4">
                  {children.map((child) => {
                    const plans = quarterPlans.filter((plan) => plan.childId === child.id);
                    if (plans.length === 0) return null;
                    return (
                      // The quarter in its name: with all quarters shown, a child's section comes once a quarter,
                      // and a screen reader's list of regions must tell them apart.
                      <section key={child.id} aria-label={t('plans.childInQuarter', { child: child.name, quarter: quarter.name })}>
                        <h3 className="font-semibold text-slate-900">{child.name}</h3>
                        <WeekTable plans={plans} />
                        <ul className="mt-2 grid gap-3 md:grid-cols-2">
                          {plans.map((plan) => <PlanCard key={plan.id} plan={plan} highlighted={highlighted === plan.id} />)}
                        </ul>
                      </section>
                    );
                  })}
                </div>
              )}
            </Card>
          );
        })
      )}
    </div>
  );
}

/**
 * A link to a lesson (`?lesson=…&cancelled=<date>`, from the push of a cancelled lesson) becomes
 * the link of the family's course of it: of the quarter that date is in, else any. It is then
 * opened, scrolled to and marked as every course's own link is.
 */
function useLessonLink(loading: boolean) {
  const data = useData();
  const [params, setParams] = useSearchParams();
  const lessonId = params.get(queryParams.lesson);
  useEffect(() => {
    if (loading || !lessonId) return;
    const day = params.get(queryParams.cancelled) ?? '';
    const quarter = data.quarters.find((candidate) => candidate.firstDay <= day && day <= candidate.lastDay);
    const ofLesson = data.plans.filter((plan) => plan.lessonId === lessonId);
    const plan = ofLesson.find((candidate) => candidate.quarterId === quarter?.id) ?? ofLesson[0];
    const next = new URLSearchParams(params);
    next.delete(queryParams.lesson);
    next.delete(queryParams.cancelled);
    if (plan) next.set(queryParams.plan, plan.id);
    setParams(next, { replace: true });
  }, [loading, lessonId, params, setParams, data.plans, data.quarters]);
}

/** The child's lessons of the quarter in weekday order, Mo. to So., then by hour slot, with the dates cancelled. */
function WeekTable({ plans }: { plans: Plan[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useData();
  const rows = sortRoomHours(
    plans.flatMap((plan) => {
      const cancelled = planCancellations(plan, data.quarters, data.cancellations, data.roomHours);
      return data.roomHours
        .filter((rh) => plan.roomHourIds.includes(rh.id))
        .map((rh) => ({
          ...rh,
          lesson: data.lessons.find((l) => l.id === plan.lessonId)?.name ?? t('plans.unavailable.title'),
          cancelled: cancelled.filter((cancellation) => cancellation.roomHourId === null || cancellation.roomHourId === rh.id).map((cancellation) => cancellation.date),
        }));
    }),
  );
  if (rows.length === 0) return null;
  return (
    // The day with its time never wraps; the course and its room below it take the rest of the
    // row, so that only a word longer than that breaks (a third column would squeeze it on a phone).
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{t('plans.week')}</caption>
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium whitespace-nowrap">{t('plans.when')}</th>
          <th scope="col" className="py-1 font-medium">{t('plans.lessonAndRoom')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row, index) => (
          <tr key={`${row.id}-${index}`} className="align-top">
            <th scope="row" className="py-1 pr-3 font-medium whitespace-nowrap">
              {/* A day's second lesson shows no weekday again, but a screen reader names every row's. */}
              {index > 0 && rows[index - 1]?.dayOfWeek === row.dayOfWeek ? <span className="sr-only">{weekdayName(row.dayOfWeek, locale)}</span> : weekdayName(row.dayOfWeek, locale)}{' '}
              <span className="font-normal tabular-nums">{hourLabel(row.hourRefLabel)}</span>
            </th>
            <td className="w-full py-1 wrap-anywhere">
              {row.lesson}
              {row.roomName && <span className="block text-slate-600">{row.roomName}</span>}
              {row.cancelled.length > 0 && (
                <span className="mt-0.5 block text-xs font-medium text-amber-900">
                  {t('plans.cancelledDates', { dates: row.cancelled.map((day) => formatDay(day, locale)).join(', ') })}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
