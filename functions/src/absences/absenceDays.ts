/**
 * The day arithmetic of absences, pure: which reports are allowed (a range that starts today or
 * later, within the days a parent may report ahead, no longer than a school holiday), and which
 * absent children a teacher expects at the door on each day, per lesson. Days are the school's
 * ("YYYY-MM-DD"), counted in UTC so that summer time never shifts one.
 */
import { ABSENCE_REPORT_AHEAD_DAYS, addDays, lessonClosedOn, MAX_ABSENCE_DAYS, weekdayOf, WEEKDAYS, type AbsenceList, type Closing } from '@family-portal/contract';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

export { addDays, weekdayOf } from '@family-portal/contract';
/** How many days a range covers, both ends included. */
export const daysCovered = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The same day `months` calendar months earlier (the 31st of a shorter month becomes its last day). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** The same day `months` calendar months later (the 31st of a shorter month becomes its last day). */
export const monthsAfter = (day: string, months: number) => monthsBefore(day, -months);

/** Why a reported range is refused, or null: what the 400 says. */
export function absenceRangeProblem(range: { from: string; to: string }, today: string): string | null {
  if (Number.isNaN(dayNumber(range.from)) || Number.isNaN(dayNumber(range.to))) return 'from and to must be real days.';
  if (range.to < range.from) return 'The last day (to) is before the first day (from).';
  if (dayNumber(range.to) - dayNumber(range.from) >= MAX_ABSENCE_DAYS) return `An absence covers at most ${MAX_ABSENCE_DAYS} days; report a longer one in parts.`;
  if (range.from < today) return 'An absence can be reported from today on, not for days that have passed.';
  if (range.from > addDays(today, ABSENCE_REPORT_AHEAD_DAYS)) return `An absence can be reported at most ${ABSENCE_REPORT_AHEAD_DAYS} days ahead.`;
  return null;
}

export interface StoredAbsence {
  id: string;
  memberId: string;
  childId: string;
  lessonIds: readonly string[];
  from: string;
  to: string;
  reason: string;
}

/** When a child has a lesson: its plans' quarters and the weekdays of their room hours. */
export interface LessonSpan {
  childId: string;
  lessonId: string;
  firstDay: string;
  lastDay: string;
  /** WEEKDAYS as the room hours name them ("Mo." …). */
  dayOfWeek: string;
}

export interface AbsenceNames {
  children: ReadonlyMap<string, string>;
  families: ReadonlyMap<string, string>;
  lessons: ReadonlyMap<string, string>;
}

/**
 * Per day from `from` for `days` days, per lesson, the children reported absent. A lesson is
 * listed on the days the child's plans hold it; where no plan says when (a plan ended or was
 * changed since the report), on every day of the report, since a name too many at the door is
 * better than one missing. A lesson is not listed on a day the school is closed for it (a report
 * across the holidays names nobody then). Days without absences are kept, with no lessons.
 */
export function absencesByDay(
  absences: readonly StoredAbsence[],
  spans: readonly LessonSpan[],
  names: AbsenceNames,
  from: string,
  days: number,
  closedDays: readonly Closing[] = [],
): AbsenceList {
  const spansOf = new Map<string, LessonSpan[]>();
  for (const span of spans) {
    const key = `${span.childId}|${span.lessonId}`;
    spansOf.set(key, [...(spansOf.get(key) ?? []), span]);
  }
  const held = (childId: string, lessonId: string, day: string) => {
    if (lessonClosedOn(closedDays, day, lessonId)) return false;
    const known = spansOf.get(`${childId}|${lessonId}`);
    if (!known) return true;
    const weekday = WEEKDAYS[weekdayOf(day)];
    return known.some((span) => span.firstDay <= day && day <= span.lastDay && span.dayOfWeek === weekday);
  };
  const collator = new Intl.Collator('de');
  const list: AbsenceList = { from, days: [] };
  for (let n = 0; n < days; n++) {
    const date = addDays(from, n);
    const lessons = new Map<string, AbsenceList['days'][number]['lessons'][number]>();
    for (const absence of absences) {
      if (date < absence.from || date > absence.to) continue;
      for (const lessonId of new Set(absence.lessonIds)) {
        if (!held(absence.childId, lessonId, date)) continue;
        const lesson = lessons.get(lessonId) ?? { lessonId, lessonName: names.lessons.get(lessonId) ?? lessonId, children: [] };
        lesson.children.push({
          absenceId: absence.id,
          childId: absence.childId,
          childName: names.children.get(absence.childId) ?? absence.childId,
          familyName: names.families.get(absence.memberId) ?? '',
          reason: absence.reason,
        });
        lessons.set(lessonId, lesson);
      }
    }
    const sorted = [...lessons.values()].sort((a, b) => collator.compare(a.lessonName, b.lessonName) || a.lessonId.localeCompare(b.lessonId));
    for (const lesson of sorted) lesson.children.sort((a, b) => collator.compare(a.childName, b.childName) || a.absenceId.localeCompare(b.absenceId));
    list.days.push({ date, lessons: sorted });
  }
  return list;
}
