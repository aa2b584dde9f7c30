/** The derived views of spec section 3. */
import { BOOK_DEPOSIT_TYPE } from '@family-portal/contract/rules';
import { PAYMENT_TYPES, type Member, type OtherPayment, type Payment, type PaymentType } from './types';

export interface FamilyView {
  id: string;
  familyName: string;
  primaryEmail: string;
  phoneNumber: string | null;
  address: string | null;
  balance: number;
}

export function familyView(member: Member): FamilyView {
  return {
    id: member.id,
    familyName: member.secondaryName ? `${member.primaryName} & ${member.secondaryName}` : member.primaryName,
    primaryEmail: member.primaryEmail,
    phoneNumber: member.phone,
    address: member.address,
    balance: member.balance,
  };
}

export interface TransactionView {
  id: string;
  familyId: string;
  date: string;
  type: 'payment';
  amount: number;
  balance: number;
  description: string;
  relatedId: string;
  paymentType: Payment['type'];
  paymentDirection: Payment['direction'];
  planShares: number;
  membershipShares: number;
  otherPaymentsShare: number;
}

/** The known payment type, or null for a word the office typed that the contract does not know. */
export function knownPaymentType(type: string): PaymentType | null {
  return (PAYMENT_TYPES as readonly string[]).includes(type) ? (type as PaymentType) : null;
}

export function transactionView(payment: Payment, noCommentText: string): TransactionView {
  return {
    id: payment.id,
    familyId: payment.memberId,
    date: payment.date,
    type: 'payment',
    amount: payment.amount,
    balance: payment.balance,
    description: payment.comment?.trim() || noCommentText,
    relatedId: payment.id,
    paymentType: payment.type,
    paymentDirection: payment.direction,
    planShares: payment.planShares,
    membershipShares: payment.membershipShares,
    otherPaymentsShare: payment.otherPaymentsShare,
  };
}

/** Newest first by date; ties keep their order. */
export const newestFirst = <T extends { date: string }>(items: T[]) => [...items].sort((a, b) => b.date.localeCompare(a.date));

export { BOOK_DEPOSIT_TYPE };

/** Spec: 'Aktiv' or 'active' is active; 'Erstattet' or 'erstattet' (stored 'returned') is returned. */
export function depositStatus(deposit: Pick<OtherPayment, 'status'>): 'active' | 'returned' | 'other' {
  const status = deposit.status.trim().toLowerCase();
  if (status === 'aktiv' || status === 'active') return 'active';
  if (status === 'erstattet' || status === 'returned') return 'returned';
  return 'other';
}

export const isBookDeposit = (payment: Pick<OtherPayment, 'type'>) => payment.type.normalize('NFC') === BOOK_DEPOSIT_TYPE;

/** Dashboard: the newest active book deposits. */
export function recentActiveDeposits(otherPayments: OtherPayment[], count = 3): OtherPayment[] {
  return newestFirst(otherPayments.filter((p) => isBookDeposit(p) && depositStatus(p) === 'active')).slice(0, count);
}
