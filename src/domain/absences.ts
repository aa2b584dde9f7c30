/**
 * A family's absence reports: what the form may send (the server checks the same, on the school's
 * clock), and the list after a report or a withdrawal.
 */
import { ABSENCE_REPORT_AHEAD_DAYS, MAX_ABSENCE_DAYS, type Absence } from '@family-portal/contract';

export { absenceWithdrawable } from '@family-portal/contract';

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
