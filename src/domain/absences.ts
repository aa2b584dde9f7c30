/**
 * A family's absence reports: what the form may send (the server checks the same, on the school's
 * clock), and the list after a report or a withdrawal.
 */
import type { Absence, Lesson, Plan, Quarter } from '@family-portal/contract';
import { ABSENCE_REPORT_AHEAD_DAYS, MAX_ABSENCE_DAYS } from '@family-portal/contract/rules';

export { absenceWithdrawable } from '@family-portal/contract/rules';

/** An absence as the family reads it, with its document id. */
export type FamilyAbsence = Absence & { id: string };

export type AbsenceDatesProblem = 'missing' | 'inThePast' | 'toBeforeFrom' | 'tooLong' | 'tooFarAhead';

/** Days from one calendar day to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Why a report's dates may not be sent, or null; `to` empty means the one day `from`. */
export function absenceDatesProblem(from: string, to: string, today: string): AbsenceDatesProblem | null {
  if (!from) return 'missing';
  const last = to || from;
  if (from < today) return 'inThePast';
  if (last < from) return 'toBeforeFrom';
  if (daysBetween(from, last) >= MAX_ABSENCE_DAYS) return 'tooLong';
  if (daysBetween(today, from) > ABSENCE_REPORT_AHEAD_DAYS) return 'tooFarAhead';
  return null;
}

/** The list with a new report in its place (by first day, as the family's query orders them). */
export function withAbsence(absences: readonly FamilyAbsence[], absence: FamilyAbsence): FamilyAbsence[] {
  return [...absences.filter((other) => other.id !== absence.id), absence].sort((a, b) => a.from.localeCompare(b.from));
}

export const withoutAbsence = (absences: readonly FamilyAbsence[], absenceId: string): FamilyAbsence[] => absences.filter((absence) => absence.id !== absenceId);

/** Reports whose last day has not passed, first day first: the ones a family still acts on. */
export const currentAbsences = (absences: readonly FamilyAbsence[], today: string): FamilyAbsence[] => absences.filter((absence) => absence.to >= today);

/**
 * The lessons a child may be reported absent from: those of its plans in a quarter that has not
 * ended (the current and the next one, as the server accepts), by name.
 */
export function absenceLessons(
  childId: string,
  plans: readonly Pick<Plan, 'childId' | 'lessonId' | 'quarterId'>[],
  quarters: readonly Pick<Quarter, 'id' | 'lastDay'>[],
  lessons: readonly Pick<Lesson, 'id' | 'name'>[],
  today: string,
): Array<{ id: string; name: string }> {
  const open = new Set(quarters.filter((quarter) => quarter.lastDay >= today).map((quarter) => quarter.id));
  const found = new Map<string, string>();
  for (const plan of plans) {
    if (plan.childId !== childId || !open.has(plan.quarterId) || found.has(plan.lessonId)) continue;
    const lesson = lessons.find((candidate) => candidate.id === plan.lessonId);
    // A course the family cannot read (not yet synced) has no name to choose it by.
    if (lesson) found.set(lesson.id, lesson.name);
  }
  return [...found].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The day after `days` days from `day` (for a date field's limits). */
export { addDays } from '@family-portal/contract/lessonDates';
