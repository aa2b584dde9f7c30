import { courseCost } from '@family-portal/contract/rules';
import { isZero, TOLERANCE } from './money';
import type { Lesson, Plan } from './types';

/** Spec section 9: hours (default 1) × weeks × pricePerHour, plus extrasPerQuarter (the contract's rule). */
export function planCost(plan: Pick<Plan, 'weeks'>, lesson: Pick<Lesson, 'hours' | 'pricePerHour' | 'extrasPerQuarter'>): number {
  return courseCost(plan.weeks, lesson);
}

export type PlanCardState =
  | { kind: 'fullyPaid' }
  | { kind: 'paymentRequired' }
  | { kind: 'paidWithCredit'; credit: number }
  /** progress: percent of the cost paid, capped at 100; null when the cost is not known. */
  | { kind: 'partlyPaid'; progress: number | null };

/**
 * Spec section 4, plan card: fully paid, nothing paid, credit, or progress capped at 100%.
 * `cost` is null when the plan's course cannot be read: the plan's own figures still decide the
 * state, but there is no progress to show.
 */
export function planCardState(plan: Pick<Plan, 'paid' | 'balance'>, cost: number | null): PlanCardState {
  if (isZero(plan.balance)) return { kind: 'fullyPaid' };
  if (plan.paid <= TOLERANCE) return { kind: 'paymentRequired' };
  if (plan.balance > TOLERANCE) return { kind: 'paidWithCredit', credit: plan.balance };
  if (cost === null) return { kind: 'partlyPaid', progress: null };
  const progress = cost > 0 ? Math.min(100, (plan.paid / cost) * 100) : 100;
  return { kind: 'partlyPaid', progress };
}
