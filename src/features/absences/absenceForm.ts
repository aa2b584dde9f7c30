/**
 * The absence report's rules before it is sent, as i18n texts: a child, at least one lesson, the
 * dates (domain/absences, the server's rules on the school's clock) and a reason under the contact
 * form's input rules and messages. And the text of a failed call, for every error code.
 */
import { inputProblem, MAX_LENGTH } from '@family-portal/contract/contactInput';
import { closedThrough, type Closing } from '@family-portal/contract/lessonDates';
import { ABSENCE_REPORT_AHEAD_DAYS, MAX_ABSENCE_DAYS, MAX_OPEN_ABSENCES } from '@family-portal/contract/rules';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { apiErrorKey } from '../../api/errorMessages';
import { absenceDatesProblem } from '../../domain/absences';
import { INPUT_PROBLEM_KEYS } from '../../i18n/inputProblems';

export interface AbsenceForm {
  childId: string;
  lessonIds: string[];
  from: string;
  to: string;
  reason: string;
}

/**
 * Every problem of the form, in the reader's language (empty: it may be sent). `closedDays`: the
 * school's (docs/calendar.md); a report only of days the school is closed for the lessons chosen
 * has nothing to miss.
 */
export function absenceFormProblems(t: TFunction, form: AbsenceForm, today: string, closedDays: readonly (Closing & { name: string })[] = []): string[] {
  const problems: string[] = [];
  if (!form.childId) problems.push(t('absences.problems.noChild'));
  else if (form.lessonIds.length === 0) problems.push(t('absences.problems.noLessons'));
  const dates = absenceDatesProblem(form.from, form.to, today);
  if (dates === 'tooLong') problems.push(t('absences.problems.tooLong', { count: MAX_ABSENCE_DAYS }));
  else if (dates === 'tooFarAhead') problems.push(t('absences.problems.tooFarAhead', { count: ABSENCE_REPORT_AHEAD_DAYS }));
  else if (dates) problems.push(t(`absences.problems.${dates}`));
  const closed = !dates && form.lessonIds.length > 0 ? closedThrough(closedDays, form.from, form.to || form.from, form.lessonIds) : null;
  if (closed) problems.push(t('absences.problems.schoolClosed', { names: closed.map((closedDay) => closedDay.name).join(', ') }));
  const reason = inputProblem('absenceReason', form.reason.trim());
  if (reason) problems.push(t(INPUT_PROBLEM_KEYS[reason], { field: t('family.validation.reasonField'), max: MAX_LENGTH.absenceReason }));
  return problems;
}

const OWN_CODES = ['invalid-argument', 'not-found'] as const;

/** The text of a failed report or withdrawal: the absences' own wording where it reads better, else the API's. */
export function absenceErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && (OWN_CODES as readonly string[]).includes(error.code)) return t(`absences.errors.${error.code as (typeof OWN_CODES)[number]}`);
  // `max` for too-many-absences (the cap of open reports); other texts have no placeholder.
  return t(apiErrorKey(error), { max: MAX_OPEN_ABSENCES });
}
