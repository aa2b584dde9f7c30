/**
 * What a failed collection call says to the office. The functions name why a run was refused in
 * the error's data (`{ reason, … }`: the contract's COLLECTION_REFUSALS), with the date, mandate
 * or family it concerns; the office reads it in its own language and learns what to do.
 */
import type { CollectionRefusal } from '@family-portal/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client';
import { apiErrorKey } from '../../../api/errorMessages';
import { formatWeekday } from '../../../lib/schoolClock';

interface Refused {
  reason: CollectionRefusal;
  earliest?: string;
  days?: number;
  date?: string;
  reference?: string;
  memberId?: string;
}

function refusedBy(error: unknown): Refused | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as Partial<Refused> | undefined;
  return typeof data?.reason === 'string' ? (data as Refused) : null;
}

/** The first possible collection date a refused date's error names, or null. */
export function refusedDate(error: unknown): { earliest: string; tooSoonDays: number | null } | null {
  const refused = refusedBy(error);
  if (!refused || (refused.reason !== 'too-soon' && refused.reason !== 'not-a-business-day') || !refused.earliest) return null;
  return { earliest: refused.earliest, tooSoonDays: refused.reason === 'too-soon' ? (refused.days ?? null) : null };
}

/** The office's own text for a collection call's failure, else the text of its code. */
export function collectionErrorText(error: unknown, t: TFunction, locale: string): string {
  const refused = refusedBy(error);
  const day = (value: string) => formatWeekday(value, locale);
  switch (refused?.reason) {
    case 'too-soon':
    case 'not-a-business-day':
      return t('admin.collections.date.refused', { date: day(refused.earliest ?? '') });
    case 'nobody-left':
      return t('admin.collections.errors.nobodyLeft');
    case 'file-too-late':
      return t('admin.collections.errors.fileTooLate', { date: day(refused.date ?? '') });
    case 'all-taken-out':
      return t('admin.collections.errors.allTakenOut');
    case 'mandate-inactive':
      return t('admin.collections.errors.mandateInactive', { reference: refused.reference, id: refused.memberId });
    case 'address-needed':
      return t('admin.collections.errors.addressNeeded', { id: refused.memberId });
    case 'run-filed':
      return t('admin.collections.errors.runFiled');
    case 'not-filed':
      return t('admin.collections.errors.notFiled');
    default:
      if (error instanceof ApiError && error.code === 'direct-debit-not-offered') return t('admin.collections.errors.noCreditor');
      return t(apiErrorKey(error));
  }
}
