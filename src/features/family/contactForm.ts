/** The edit dialog's rules (spec section 5) and error texts (spec section 8), as i18n keys. */
import type { ParseKeys } from 'i18next';
import { ApiError } from '../../api/client';
import type { Member } from '../../domain/types';

export const CONTACT_FIELDS = ['primaryName', 'secondaryName', 'phone', 'phone2', 'address'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactForm = Record<ContactField, string>;

export const formFromMember = (member: Member): ContactForm =>
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, member[field] ?? ''])) as ContactForm;

/** Only the changed fields, trimmed; or the key of the problem. */
export function changedFields(member: Member, form: ContactForm): { updates: Partial<ContactForm> } | { error: ParseKeys } {
  if (form.primaryName.trim() === '') return { error: 'family.edit.validationError' };
  const updates: Partial<ContactForm> = {};
  for (const field of CONTACT_FIELDS) {
    const value = form[field].trim();
    if (value !== (member[field] ?? '').trim()) updates[field] = value;
  }
  if (Object.keys(updates).length === 0) return { error: 'family.edit.noChangesError' };
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
