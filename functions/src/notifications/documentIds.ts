import { createHash } from 'node:crypto';
import { usableAsDocumentId } from '@family-portal/contract';

/** Whether a stored value can name a document (a stored id may be empty or malformed). */
export const isDocumentId = (id: string) => id !== '' && usableAsDocumentId(id);

/**
 * The `mail` document of one parent's e-mail about the office's decision on a booking request:
 * one per request, decision and account, so that creating it again fails and nothing is sent twice.
 * A digest, since the office's keys may hold characters no document id may.
 */
export const bookingDecisionMailId = (requestId: string, status: string, uid: string) =>
  `booking-decision-${createHash('sha256').update(`${requestId}\u0000${status}\u0000${uid}`).digest('hex').slice(0, 40)}`;

/** The `mail` document of one parent's e-mail of a notice (or a cancelled lesson): one per notice and account. */
export const noticeMailId = (noticeId: string, uid: string) => `notice-${createHash('sha256').update(`${noticeId}\u0000${uid}`).digest('hex').slice(0, 40)}`;
