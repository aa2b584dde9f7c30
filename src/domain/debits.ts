/**
 * The family's direct debits as the financial card tells them (docs/payments.md): the collection
 * the office announced, a debit the bank returned, a mandate paused after a return, and so how
 * the amount due is paid. Only types come from the contract: its schemas stay out of the dashboard.
 */
import type { Debit, MandateView } from '@family-portal/contract';
import { activeMandate } from './directDebit';

/** The next collection still to come: announced or filed, on `today` or later; the soonest first. */
export function upcomingDebit(debits: readonly Debit[], today: string): Debit | null {
  return (
    debits
      .filter((debit) => (debit.status === 'announced' || debit.status === 'filed') && debit.collectionDate >= today)
      .sort((a, b) => a.collectionDate.localeCompare(b.collectionDate) || a.id.localeCompare(b.id))[0] ?? null
  );
}

/**
 * The family's newest debit (the latest collection date; on one day, the later run's), when the
 * bank returned it. A later debit of any status, announced again or taken out of a run because
 * the family paid, means the return is behind it.
 */
export function returnedDebit(debits: readonly Debit[]): Debit | null {
  const newest = [...debits].sort((a, b) => b.collectionDate.localeCompare(a.collectionDate) || b.id.localeCompare(a.id))[0];
  return newest?.status === 'returned' ? newest : null;
}

/** The reason codes the portal says in words (finance.returnReason.*); any other is shown as the bank's code. */
export const NAMED_RETURN_REASONS = ['AC04', 'AM04', 'MD01', 'MD06', 'MS02'] as const;
export type NamedReturnReason = (typeof NAMED_RETURN_REASONS)[number];

export const namedReturnReason = (code: string | null): NamedReturnReason | null =>
  (NAMED_RETURN_REASONS as readonly string[]).includes(code ?? '') ? (code as NamedReturnReason) : null;

/** The mandate the bank returned a debit under and the family must confirm: paused, none active beside it. */
export function pausedMandate(mandates: readonly MandateView[]): MandateView | null {
  if (activeMandate(mandates)) return null;
  return mandates.filter((mandate) => mandate.status === 'suspended').sort((a, b) => b.signedAt.localeCompare(a.signedAt))[0] ?? null;
}

/** What the family's direct debit does about the amount it owes. */
export type DirectDebitWay =
  /** No mandate to collect under: the transfer, and the offer of direct debit. */
  | { kind: 'none' }
  /** The bank returned a debit: nothing is collected until the family confirms the mandate. */
  | { kind: 'paused'; mandate: MandateView }
  /** The office announced this collection, under this (active) mandate. */
  | { kind: 'announced'; debit: Debit; mandate: MandateView }
  /** The mandate collects it; the amount and date will be announced. */
  | { kind: 'collects'; mandate: MandateView };

export interface DuePayment {
  /** The newest debit, when the bank returned it: the family pays by transfer. */
  returned: Debit | null;
  way: DirectDebitWay;
}

/**
 * How the amount due is paid, from the family's mandates and debits on `today` (the school's
 * day). An announced debit counts only while its own mandate is active: the bank's file is never
 * made under a mandate stopped, replaced or paused since.
 */
export function duePayment(mandates: readonly MandateView[], debits: readonly Debit[], today: string): DuePayment {
  const returned = returnedDebit(debits);
  const active = activeMandate(mandates);
  const paused = pausedMandate(mandates);
  const upcoming = upcomingDebit(debits, today);
  let way: DirectDebitWay = { kind: 'none' };
  if (paused) way = { kind: 'paused', mandate: paused };
  else if (active) {
    const under = upcoming && mandates.find((mandate) => mandate.id === upcoming.mandateReference);
    way = upcoming && under?.status === 'active' ? { kind: 'announced', debit: upcoming, mandate: under } : { kind: 'collects', mandate: active };
  }
  return { returned, way };
}
