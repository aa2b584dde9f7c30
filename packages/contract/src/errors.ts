/**
 * Every error the HTTP functions answer is JSON `{error: code, message: text}` (design §5). The
 * web app shows a translated text per code; `message` is the API's English for other callers
 * and logs, never shown to a parent.
 */
import * as z from 'zod/mini';
import { MEMBERSHIP_ENDED, NOT_A_MEMBER } from './rules';

export const ERROR_CODES = [
  'invalid-argument',
  'payload-too-large',
  'method-not-allowed',
  'unauthenticated',
  'recent-sign-in-required',
  'email-not-verified',
  'permission-denied',
  NOT_A_MEMBER,
  MEMBERSHIP_ENDED,
  'not-found',
  'already-cancelled',
  'already-requested',
  'not-active',
  'request-in-progress',
  'full',
  'requests-closed',
  'not-requested',
  'already-waiting',
  'not-full',
  'not-waiting',
  'offer-ended',
  'already-first',
  'waiting-unconfirmed',
  'already-withdrawn',
  'lesson-already-cancelled',
  'school-already-closed',
  'too-many-closures',
  'closure-resend-unconfirmed',
  'absence-started',
  'iban-invalid',
  'iban-not-sepa',
  'bic-required',
  'bic-invalid',
  'direct-debit-not-offered',
  'mandate-replaced',
  'conflict',
  'too-many-absences',
  'school-closed',
  'sync-already-running',
  'resource-exhausted',
  'appsheet-failed',
  'request-unconfirmed',
  'sync-failed',
  'push-unavailable',
  'busy',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  'invalid-argument': 400,
  'payload-too-large': 413,
  'method-not-allowed': 405,
  unauthenticated: 401,
  'recent-sign-in-required': 401,
  'email-not-verified': 403,
  'permission-denied': 403,
  [NOT_A_MEMBER]: 404,
  /** The member's status is no longer active: the family reads its records and acts on nothing. */
  [MEMBERSHIP_ENDED]: 403,
  'not-found': 404,
  'already-cancelled': 409,
  'already-requested': 409,
  'not-active': 409,
  'request-in-progress': 409,
  /** No place left in a room hour asked for. */
  full: 409,
  /** The offer's last day for requests has passed. */
  'requests-closed': 409,
  /** A booking request that is no longer waiting for the office (withdraw, decide). */
  'not-requested': 409,
  /** The waiting list (docs/booking.md): the child already waits for this course. */
  'already-waiting': 409,
  /** A time asked to wait for has a free place (data: `roomHourIds`): request it instead. */
  'not-full': 409,
  /** The request is not (or no longer) on the waiting list. */
  'not-waiting': 409,
  /** The place is no longer held for the family: its time ran out, or it was taken or passed up. */
  'offer-ended': 409,
  /** The office moved up a family already first in line. */
  'already-first': 409,
  /** AppSheet's answer to joining the waiting list was lost: it may hold the row; the next sync shows it. */
  'waiting-unconfirmed': 502,
  /** A notice or cancellation the office has already withdrawn. */
  'already-withdrawn': 409,
  /** That lesson is already cancelled on that date (for that room hour or all of them). */
  'lesson-already-cancelled': 409,
  /** The office already closed the school on that date (a closure in force). */
  'school-already-closed': 409,
  /** The school was closed SCHOOL_CLOSURES_PER_DAY times today already (data: `max`): nothing is written. */
  'too-many-closures': 429,
  /**
   * A closure of that date was withdrawn less than a day ago (data: its `noticeId` and
   * `withdrawnAt`): the office says whether the families are e-mailed again (`resendMails`).
   */
  'closure-resend-unconfirmed': 409,
  /** A mandate's account: wrong check digits or length, a country outside SEPA, a BIC missing or wrong. */
  'iban-invalid': 400,
  'iban-not-sepa': 400,
  'bic-required': 400,
  'bic-invalid': 400,
  /** The school has no Mandates table or no creditor identifier (docs/payments.md). */
  'direct-debit-not-offered': 409,
  /** A mandate already replaced by a newer one cannot be revoked: the newer one can. */
  'mandate-replaced': 409,
  /** The mandate form's attempt was used for another account: reload and fill it in again. */
  conflict: 409,
  /** An absence whose first day has begun can no longer be withdrawn. */
  'absence-started': 409,
  /** The child has MAX_OPEN_ABSENCES open reports already: nothing is written. */
  'too-many-absences': 409,
  /** Every day of an absence report is a day the school is closed for those lessons: nothing to miss. */
  'school-closed': 400,
  'sync-already-running': 409,
  'resource-exhausted': 429,
  'appsheet-failed': 502,
  /** AppSheet's answer to a booking request was lost: it may hold the row; the places stay taken. */
  'request-unconfirmed': 502,
  'sync-failed': 502,
  /** The project has no VAPID key pair: no device can get pushes (docs/push.md). */
  'push-unavailable': 503,
  /**
   * Too many callers at once on one count of places: nothing was changed, and the answer says
   * when to try again (Retry-After) rather than keeping the caller waiting.
   */
  busy: 503,
  internal: 500,
};

export const errorBodySchema = z.object({
  error: z.enum(ERROR_CODES),
  message: z.string(),
  data: z.optional(z.unknown()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
