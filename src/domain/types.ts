/**
 * The synced records as the client reads them (spec section 3; field names as in Firestore).
 * Dates are ISO strings: "YYYY-MM-DD" for days, full ISO-8601 for instants.
 */
export interface Member {
  id: string;
  primaryName: string;
  secondaryName: string | null;
  primaryEmail: string;
  phone: string | null;
  phone2: string | null;
  address: string | null;
  status: string;
  type: string | null;
  membershipStartsAt: string | null;
  membershipEndsAt: string | null;
  cancellationRequested: boolean;
  cancellationRequestedAt: string | null;
  balance: number;
  childrenBalance: number;
  membershipBalance: number;
}

export interface Child {
  id: string;
  memberId: string;
  name: string;
  birthday: string | null;
  age: number | null;
  class: string | null;
  notes: string | null;
  createdAt: string | null;
  status: string;
}

export interface Quarter {
  id: string;
  name: string;
  status: string;
  firstDay: string;
  lastDay: string;
}

export interface Plan {
  id: string;
  childId: string;
  quarterId: string;
  lessonId: string;
  weeks: number;
  roomHourIds: string[];
  paid: number;
  balance: number;
}

export interface Lesson {
  id: string;
  name: string;
  teacherId: string | null;
  hours: number | null;
  pricePerHour: number;
  extrasPerQuarter: number;
  whatsappGroup: string | null;
}

export interface Teacher {
  id: string;
  name: string;
}

export interface RoomHour {
  id: string;
  lessonId: string;
  dayOfWeek: string;
  hourRefLabel: string;
  roomName: string | null;
}

export const PAYMENT_TYPES = ['cash', 'bank', 'card', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type PaymentDirection = 'IN' | 'OUT';

export interface Payment {
  id: string;
  memberId: string;
  date: string;
  amount: number;
  balance: number;
  comment: string | null;
  /** One of PAYMENT_TYPES, or the office's own word for a type the contract does not know. */
  type: PaymentType | (string & {});
  direction: PaymentDirection;
  planShares: number;
  membershipShares: number;
  otherPaymentsShare: number;
}

export interface OtherPayment {
  id: string;
  memberId: string;
  type: string;
  status: string;
  date: string;
  amount: number;
  childId: string | null;
  comment: string | null;
}
