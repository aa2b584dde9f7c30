/** The family's direct debit as the screens show it (docs/payments.md). */
import type { MandateView } from '@family-portal/contract';

/** The mandate money is collected under: the active one signed last (the functions keep one). */
export const activeMandate = (mandates: readonly MandateView[]): MandateView | null =>
  mandates.filter((mandate) => mandate.status === 'active').sort((a, b) => b.signedAt.localeCompare(a.signedAt))[0] ?? null;

/**
 * The family's mandates after the function answered with `changed`: it replaces its older copy,
 * and a new active mandate marks the one it replaced (active or paused) as replaced, as the
 * function did in AppSheet, until the next read brings Firestore's copies.
 */
export function withMandate(mandates: readonly MandateView[], changed: MandateView): MandateView[] {
  const replaces = (mandate: MandateView) => changed.status === 'active' && (mandate.status === 'active' || mandate.status === 'suspended');
  const others = mandates
    .filter((mandate) => mandate.id !== changed.id)
    .map((mandate) => (replaces(mandate) ? { ...mandate, status: 'replaced' as const, revokedAt: changed.signedAt } : mandate));
  return [changed, ...others].sort((a, b) => b.signedAt.localeCompare(a.signedAt));
}

/**
 * A new attempt id for a mandate form: sent with every try of that form, so that a retry after a
 * lost answer gives the same mandate, never a second one.
 */
export const newMandateAttempt = (): string => crypto.randomUUID().replace(/-/g, '');
