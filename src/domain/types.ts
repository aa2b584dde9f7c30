/**
 * The synced records as the client reads them: the contract's documents (packages/contract),
 * parsed on every read by the data layer. Days are "YYYY-MM-DD", instants full ISO-8601.
 */
export type {
  Child,
  Lesson,
  Member,
  OtherPayment,
  Payment,
  PaymentDirection,
  PaymentType,
  Plan,
  Quarter,
  RoomHour,
  Teacher,
} from '@family-portal/contract';
export { PAYMENT_TYPES } from '@family-portal/contract/rules';
