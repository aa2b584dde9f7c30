/**
 * The office's collection runs as the console shows them (docs/payments.md): who a new run would
 * collect from and how much together, the text on the families' bank statements, and whether a
 * family's amount due has moved since its debit was announced. Money in whole cents throughout.
 */
import { debitCents, type CollectionCandidate, type Debit, type MandateView } from '@family-portal/contract';
import { collectionDateProblem, type CollectionDateProblem } from '@family-portal/contract/collectionDates';
import { formatMoney } from './money';

/** "Kursgebühren 2027 Q1": the purpose a run of this collection date starts with (the calendar quarter of the day). */
export function defaultPurpose(collectionDate: string): string {
  const year = collectionDate.slice(0, 4);
  const quarter = Math.floor((Number(collectionDate.slice(5, 7)) - 1) / 3) + 1;
  return `Kursgebühren ${year} Q${quarter}`;
}

/** A family that is in an open run already cannot be collected again: it is not offered. */
export const selectable = (family: CollectionCandidate): boolean => family.openRunId === null;

/** The families a run would collect from, less those left out, and their sum. */
export function collectionTotals(families: readonly CollectionCandidate[], leftOut: ReadonlySet<string>): { count: number; cents: number } {
  const chosen = families.filter((family) => selectable(family) && !leftOut.has(family.memberId));
  return { count: chosen.length, cents: chosen.reduce((sum, family) => sum + family.amountCents, 0) };
}

/** The member ids the office left out that the run could have collected from (announceCollection's leaveOut). */
export const leaveOutOf = (families: readonly CollectionCandidate[], leftOut: ReadonlySet<string>): string[] =>
  families.filter((family) => selectable(family) && leftOut.has(family.memberId)).map((family) => family.memberId);

/** "€1,234.50" from 123450 cents, in the UI locale. */
export const formatCents = (cents: number, locale: string): string => formatMoney(cents / 100, locale);

/** The purpose the bank's file carries before each family's name: 1 to 80 characters. */
export const PURPOSE_MAX = 80;
export type PurposeProblem = 'empty' | 'tooLong' | null;
export function purposeProblem(purpose: string): PurposeProblem {
  const trimmed = purpose.trim();
  if (!trimmed) return 'empty';
  return trimmed.length > PURPOSE_MAX ? 'tooLong' : null;
}

/**
 * Why a date cannot be collected on, before the functions are asked: an empty field, a day that
 * is not a date, or one the rules refuse (with the first possible date).
 */
export type DateProblem = { kind: 'empty' } | CollectionDateProblem;
export function dateProblem(day: string, today: string, preNotificationDays: number): DateProblem | null {
  if (!day) return { kind: 'empty' };
  return collectionDateProblem(day, today, preNotificationDays);
}

/**
 * What changed for a debit still to be collected, from what the office can see now: the family's
 * amount due (previewCollection's families: those who owe and pay by direct debit, under any of
 * their mandates) and the mandate it was announced under. A family the preview no longer lists
 * while that mandate is still active owes nothing any more. A mandate that stopped is said
 * whatever the amount: the bank's file cannot collect under it.
 */
export type DebitWarning = { kind: 'amountChanged'; dueCents: number } | { kind: 'mandateInactive'; status: Exclude<MandateView['status'], 'active'> };

export function debitWarnings(
  debit: Pick<Debit, 'memberId' | 'status'> & { cents: number },
  dueByMember: ReadonlyMap<string, number>,
  mandate: Pick<MandateView, 'status'> | null,
): DebitWarning[] {
  if (debit.status !== 'announced' && debit.status !== 'filed') return [];
  const warnings: DebitWarning[] = [];
  if (mandate && mandate.status !== 'active') warnings.push({ kind: 'mandateInactive', status: mandate.status });
  const listed = dueByMember.get(debit.memberId);
  // Not listed: owes nothing, if its mandate is known to be active; otherwise the amount is unknown.
  const dueCents = listed ?? (mandate?.status === 'active' ? 0 : null);
  if (dueCents !== null && dueCents !== debit.cents) warnings.push({ kind: 'amountChanged', dueCents });
  return warnings;
}

/** Each family's amount due now, in cents, by member id. */
export const dueByMember = (families: readonly CollectionCandidate[]): Map<string, number> => new Map(families.map((family) => [family.memberId, family.amountCents]));

/** A reason code the office typed, as the bank's statement gives it: four capitals or digits ("am04" is AM04), or null. */
export function returnCodeOf(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return /^[A-Z0-9]{4}$/.test(code) ? code : null;
}

/** One debit of a run as the console lists it. */
export interface DebitRow {
  debit: Debit;
  cents: number;
  /** The family's name as the preview has it, else the mandate's account holder ('' when neither is known). */
  name: string;
  mandate: MandateView | null;
  warnings: DebitWarning[];
}

/** A run's debits, in their order, with what the office knows of each family now. */
export function debitRowsOf(debits: readonly Debit[], mandates: Readonly<Record<string, MandateView>>, families: readonly CollectionCandidate[] | null): DebitRow[] {
  const names = new Map((families ?? []).map((family) => [family.memberId, family.name]));
  const due = families ? dueByMember(families) : null;
  return debits.map((debit) => {
    const mandate = mandates[debit.mandateReference] ?? null;
    const cents = debitCents(debit);
    return {
      debit,
      cents,
      name: names.get(debit.memberId) ?? mandate?.accountHolder ?? '',
      mandate,
      // Before the preview is in, nothing is known of what the families owe now.
      warnings: due ? debitWarnings({ ...debit, cents }, due, mandate) : [],
    };
  });
}
