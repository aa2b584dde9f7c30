import { isPaymentDue } from '@family-portal/contract/rules';
import { isZero, TOLERANCE } from './money';

export type FinancialStatus =
  | { kind: 'settled' }
  | { kind: 'credit'; credit: number }
  | { kind: 'paymentRequired'; amountDue: number };

export interface Balances {
  balance: number;
  childrenBalance: number;
  membershipBalance: number;
}

/** Available credit: what the total holds beyond the plans and membership balances. */
export const availableCredit = ({ balance, childrenBalance, membershipBalance }: Balances) =>
  balance - childrenBalance - membershipBalance;

/** Spec section 4, financial status, with the 0.01 tolerance. */
export function financialStatus(balances: Balances): FinancialStatus {
  const { balance, childrenBalance, membershipBalance } = balances;
  if (isZero(balance) && isZero(childrenBalance) && isZero(membershipBalance)) return { kind: 'settled' };
  if (isPaymentDue(balance)) return { kind: 'paymentRequired', amountDue: Math.abs(balance) };
  const credit = availableCredit(balances);
  if (credit > TOLERANCE) return { kind: 'credit', credit };
  return { kind: 'settled' };
}
