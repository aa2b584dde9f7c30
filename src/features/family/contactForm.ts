/** The edit dialog's rules (spec section 5) and error texts (spec section 8), as i18n keys. */
import type { ParseKeys, TFunction } from 'i18next';
// The same rules the functions enforce, from the contract that defines them once.
import { EDITABLE_CONTACT_FIELDS, inputProblem, MAX_LENGTH, type CheckedField, type EditableContactField } from '@family-portal/contract/contactInput';
import { ApiError } from '../../api/client';
import { apiErrorKey, isTimeout } from '../../api/errorMessages';
import type { Member } from '../../domain/types';
import { INPUT_PROBLEM_KEYS } from '../../i18n/inputProblems';

export { MAX_LENGTH };

export const CONTACT_FIELDS = EDITABLE_CONTACT_FIELDS;
export type ContactField = EditableContactField;
export type ContactForm = Record<ContactField, string>;

export const formFromMember = (member: Member): ContactForm =>
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, member[field] ?? ''])) as ContactForm;

/** A message key, and for a field's problem the field and the values its text needs. */
export interface FormProblem {
  key: ParseKeys;
  field?: CheckedField;
  max?: number;
}

/** Why a trimmed value may not be sent, or null. */
export function fieldProblem(field: CheckedField, value: string): FormProblem | null {
  const problem = inputProblem(field, value);
  return problem && { key: INPUT_PROBLEM_KEYS[problem], field, max: MAX_LENGTH[field] };
}

/** The problem in the UI language, naming the field it is about. */
export function problemMessage(t: TFunction, problem: FormProblem): string {
  const { field } = problem;
  const label =
    field === 'cancellationReason' || field === 'absenceReason' || field === 'lessonCancelledReason' ? t('family.validation.reasonField')
    : field === 'officeNote' ? t('family.validation.noteField')
    : field ? t(`family.fields.${field}`)
    : '';
  return t(problem.key, { field: label, max: problem.max });
}

/** Only the changed fields, trimmed; or the first problem. Unchanged values are not judged: they are not sent. */
export function changedFields(member: Member, form: ContactForm): { updates: Partial<ContactForm> } | { error: FormProblem } {
  if (form.primaryName.trim() === '') return { error: { key: 'family.edit.validationError', field: 'primaryName' } };
  const updates: Partial<ContactForm> = {};
  for (const field of CONTACT_FIELDS) {
    const value = form[field].trim();
    if (value === (member[field] ?? '').trim()) continue;
    const problem = fieldProblem(field, value);
    if (problem) return { error: problem };
    updates[field] = value;
  }
  if (Object.keys(updates).length === 0) return { error: { key: 'family.edit.noChangesError' } };
  return { updates };
}

/** Spec section 8, profile save: the text for the error's code (never the server's English). */
export function saveErrorMessage(error: unknown): { key: ParseKeys } {
  if (!(error instanceof ApiError)) return { key: 'family.edit.unexpectedError' };
  if (error.code === 'network') return { key: 'family.edit.networkErrorMsg' };
  if (error.code === 'unauthenticated') return { key: 'family.edit.sessionExpiredMsg' };
  if (isTimeout(error)) return { key: 'family.edit.timeoutErrorMsg' };
  if (error.code === 'unavailable') return { key: 'family.edit.genericSaveError' };
  return { key: apiErrorKey(error) };
}

/** The messages shown in turn, every 2 s, while saving (spec section 4). */
export const SAVE_PROGRESS_KEYS = [
  'family.edit.progress.validating',
  'family.edit.progress.connecting',
  'family.edit.progress.updating',
  'family.edit.progress.syncing',
  'family.edit.progress.almostDone',
  'family.edit.progress.finalizing',
] as const;
export const SAVE_PROGRESS_MS = 2000;
