/** Book deposits (spec section 2, Book deposits; section 3, Other payment). */
import type { Child, OtherPayment } from './types';
import { depositStatus, isBookDeposit, newestFirst } from './views';

export type DepositFilter = 'active' | 'returned' | 'all';

export function bookDeposits(otherPayments: OtherPayment[]): OtherPayment[] {
  return newestFirst(otherPayments.filter(isBookDeposit));
}

export function depositCounts(deposits: OtherPayment[]): Record<DepositFilter, number> {
  return {
    active: deposits.filter((d) => depositStatus(d) === 'active').length,
    returned: deposits.filter((d) => depositStatus(d) === 'returned').length,
    all: deposits.length,
  };
}

export function filterDeposits(deposits: OtherPayment[], filter: DepositFilter): OtherPayment[] {
  return filter === 'all' ? deposits : deposits.filter((d) => depositStatus(d) === filter);
}

export const depositSum = (deposits: OtherPayment[]) => Math.round(deposits.reduce((sum, d) => sum + d.amount, 0) * 100) / 100;

export type DepositTitle = { kind: 'child'; name: string } | { kind: 'unknownChild' } | { kind: 'comment'; text: string } | { kind: 'general' };

/** The child's name when a child is linked ('Unknown' if not found), else the comment, else 'general deposit'. */
export function depositTitle(deposit: OtherPayment, children: Child[]): DepositTitle {
  if (deposit.childId) {
    const child = children.find((c) => c.id === deposit.childId);
    return child ? { kind: 'child', name: child.name } : { kind: 'unknownChild' };
  }
  return deposit.comment?.trim() ? { kind: 'comment', text: deposit.comment.trim() } : { kind: 'general' };
}

/** The comment gets its own section only when the title is the child (both exist). */
export const showsCommentSection = (deposit: OtherPayment) => Boolean(deposit.childId && deposit.comment?.trim());
