/**
 * Words and rules that the web app, the functions and the demo data must spell the same way.
 * No zod here: the web app's first screens import this (as @family-portal/contract/rules)
 * without loading the schemas.
 */

/** The `otherPayments` type of a book deposit, as the school office types it. */
export const BOOK_DEPOSIT_TYPE = 'Bücherkaution';

/** Room hours' days as the office writes them, Monday first; the plans page sorts by this order. */
export const WEEKDAYS = ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PAYMENT_TYPES = ['cash', 'bank', 'card', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_DIRECTIONS = ['IN', 'OUT'] as const;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

/** Spec section 9: amounts within 0.01 of each other are equal. */
export const MONEY_TOLERANCE = 0.01;

/** Spec section 4: a balance below -0.01 asks the family for a payment (the web app and the e-mails). */
export const isPaymentDue = (balance: number) => balance < -MONEY_TOLERANCE;

/** The stored status of an active member, child or quarter; any other word is not active. */
export const ACTIVE = 'active';

/**
 * The error code of "this e-mail is not a member's": the API answers it as `error`, and the
 * sign-up gate (a blocking function, whose refusal reaches the web app only as a message)
 * starts its message with it.
 */
export const NOT_A_MEMBER = 'not-a-member';

export interface CancellationFacts {
  status: string;
  membershipEndsAt: string | null;
  cancellationRequested: boolean;
  cancellationRequestedAt: string | null;
}

export type CancellationState =
  | { kind: 'cancelled'; endsAt: string }
  | { kind: 'pending'; requestedAt: string | null }
  | { kind: 'available' }
  | { kind: 'inactive' };

/**
 * Whether a membership can be cancelled (spec section 5): not when it already ends, not when a
 * request is pending, and only while active. The page offers the button by it; the function
 * refuses by it.
 */
export function cancellationState(member: CancellationFacts): CancellationState {
  if (member.membershipEndsAt) return { kind: 'cancelled', endsAt: member.membershipEndsAt };
  if (member.cancellationRequested) return { kind: 'pending', requestedAt: member.cancellationRequestedAt };
  if (member.status !== ACTIVE) return { kind: 'inactive' };
  return { kind: 'available' };
}

/**
 * The portal's own Firestore collections beside the nine synced ones (documents.ts), spelled
 * once for the web app, the functions and the tools; firestore.rules names them too.
 */
export const ADMIN_USERS = 'admin_users';
export const MEMBER_EMAILS = 'member_emails';
/** Addresses that more than one member gives: none of them may sign in until the office decides. */
export const MEMBER_EMAIL_DUPLICATES = 'member_email_duplicates';
export const MEMBER_REFERENCES = 'member_references';
export const SYNC_LOGS = 'sync_logs';
export const SYNC_METADATA = 'sync_metadata';
/**
 * E-mails to send, in the format of the "Trigger Email from Firestore" extension
 * (firestore-send-email), which sends them in production; tools/mail/localSender.ts locally.
 */
export const MAIL = 'mail';
/** What the office alerts have sent (functions/src/notifications/officeAlerts.ts), server-only. */
export const OFFICE_ALERTS = 'office_alerts';
/** A parent's e-mail choices, keyed by the account's uid; server-only (functions/src/members/accountData.ts). */
export const NOTIFICATION_CHOICES = 'notification_choices';

/** The e-mails a parent can turn on (issue 30): all off until the parent turns one on. */
export const PARENT_MAIL_KINDS = ['paymentDue', 'paymentReceived', 'cancellationConfirmed'] as const;
export type ParentMailKind = (typeof PARENT_MAIL_KINDS)[number];
