import { isZero, TOLERANCE } from './money';
import type { Lesson, Plan } from './types';

/** Spec section 9: hours (default 1) × weeks × pricePerHour, plus extrasPerQuarter. */
export function planCost(plan: Pick<Plan, 'weeks'>, lesson: Pick<Lesson, 'hours' | 'pricePerHour' | 'extrasPerQuarter'>): number {
  const cost = (lesson.hours ?? 1) * plan.weeks * lesson.pricePerHour + (lesson.extrasPerQuarter ?? 0);
  return Math.round(cost * 100) / 100;
}

export type PlanCardState =
  | { kind: 'fullyPaid' }
  | { kind: 'paymentRequired' }
  | { kind: 'paidWithCredit'; credit: number }
  | { kind: 'partlyPaid'; progress: number };

/** Spec section 4, plan card: fully paid, nothing paid, credit, or progress capped at 100%. */
export function planCardState(plan: Pick<Plan, 'paid' | 'balance'>, cost: number): PlanCardState {
  if (isZero(plan.balance)) return { kind: 'fullyPaid' };
  if (plan.paid <= TOLERANCE) return { kind: 'paymentRequired' };
  if (plan.balance > TOLERANCE) return { kind: 'paidWithCredit', credit: plan.balance };
  const progress = cost > 0 ? Math.min(100, (plan.paid / cost) * 100) : 100;
  return { kind: 'partlyPaid', progress };
}
