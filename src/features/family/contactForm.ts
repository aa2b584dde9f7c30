/** The edit dialog's rules (spec section 5) and error texts (spec section 8), as i18n keys. */
import type { ParseKeys, TFunction } from 'i18next';
// The same rules the functions enforce, from the one place that defines them.
import { inputProblem, MAX_LENGTH, type CheckedField, type InputProblem } from '../../../functions/src/members/inputRules';
import { ApiError } from '../../api/client';
import type { Member } from '../../domain/types';

export { MAX_LENGTH };

export const CONTACT_FIELDS = ['primaryName', 'secondaryName', 'phone', 'phone2', 'address'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactForm = Record<ContactField, string>;

export const formFromMember = (member: Member): ContactForm =>
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, member[field] ?? ''])) as ContactForm;

const PROBLEM_KEYS: Record<InputProblem, ParseKeys> = {
  tooLong: 'family.validation.tooLong',
  controlCharacters: 'family.validation.controlCharacters',
  formulaStart: 'family.validation.formulaStart',
  phoneFormat: 'family.validation.phoneFormat',
};

/** A message key, and for a field's problem the field and the values its text needs. */
export interface FormProblem {
  key: ParseKeys;
  field?: CheckedField;
  max?: number;
}

/** Why a trimmed value may not be sent, or null. */
export function fieldProblem(field: CheckedField, value: string): FormProblem | null {
  const problem = inputProblem(field, value);
  return problem && { key: PROBLEM_KEYS[problem], field, max: MAX_LENGTH[field] };
}

/** The problem in the UI language, naming the field it is about. */
export function problemMessage(t: TFunction, problem: FormProblem): string {
  const { field } = problem;
  const label = field === 'cancellationReason' ? t('family.validation.reasonField') : field ? t(`family.fields.${field}`) : '';
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

/** Spec section 8, profile save. Returns a key, or the server's own message. */
export function saveErrorMessage(error: unknown): { key: ParseKeys } | { text: string } {
  if (!(error instanceof Error)) return { key: 'family.edit.unexpectedError' };
  const message = error.message.toLowerCase();
  if (message.includes('network') || message.includes('fetch')) return { key: 'family.edit.networkErrorMsg' };
  if (message.includes('unauthorized') || message.includes('auth')) return { key: 'family.edit.sessionExpiredMsg' };
  if (message.includes('timeout')) return { key: 'family.edit.timeoutErrorMsg' };
  if (error instanceof ApiError && error.message) return { text: error.message };
  return { key: 'family.edit.genericSaveError' };
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
