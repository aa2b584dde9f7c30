/**
 * notices/{noticeId} as stored (closed to clients) and as the console gets it. The stored
 * audience of a lessons notice keeps the quarter it was resolved in, and the names the audit log
 * shows; the console's row leaves both out (its schema is the office's choice as it was sent).
 */
import { createHash } from 'node:crypto';
import { NOTICES, noticeTextFor, usableAsDocumentId, type AuditAudience, type Cancellation, type NoticeLanguage, type NoticeMails, type NoticeTexts, type OfficeNotice, type SentAudience } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

export type StoredAudience =
  | { kind: 'all' }
  | { kind: 'lessons'; lessonIds: string[]; quarterId: string }
  | { kind: 'family'; memberId: string }
  | { kind: 'day'; date: string; quarterId: string };

export interface StoredNotice {
  kind: OfficeNotice['kind'];
  texts: NoticeTexts;
  languages: NoticeLanguage[];
  audience: StoredAudience;
  /** Whom it went to in the audit log's words (lesson and family names as they were). */
  auditAudience: AuditAudience;
  cancellation: Cancellation | null;
  sentAt: string;
  sentBy: string;
  recipients: number;
  reads: number;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
  /** Its e-mails so far (notifications/noticeMail.ts); null or absent before any was counted. */
  mails?: NoticeMails | null;
  /** The console's key of the send (absent on notices sent before keys). */
  idempotencyKey?: string;
  /** Present until its copies and e-mails are all written (unfinishedSends.ts); absent once they are, and on notices from before. */
  sending?: Sending;
}

/**
 * What a send still has to do while it is not finished: the families it was resolved for (each
 * gets its copy), whether they are e-mailed (a closure sent again without e-mails: not), and until
 * when the attempt writing them holds the send (after that, its function is over, and a second
 * attempt with the key finishes it).
 */
export interface Sending {
  memberIds: string[];
  mails: boolean;
  /** ISO instant. */
  leaseUntil: string;
}

/**
 * Which sends a console key names: the office's notices, a lesson's cancellations and the school's
 * closures each have their own (a closure and a cancellation are both of kind 'cancellation').
 */
export type KeySpace = OfficeNotice['kind'] | 'closure';

export const noticesOf = (db: Firestore) => db.collection(NOTICES);

function audienceOf(stored: StoredAudience): SentAudience {
  if (stored.kind === 'day') return { kind: 'day', date: stored.date };
  if (stored.kind === 'lessons') return { kind: 'lessons', lessonIds: [...stored.lessonIds] };
  if (stored.kind === 'family') return { kind: 'family', memberId: stored.memberId };
  return { kind: 'all' };
}

export function officeNoticeOf(id: string, notice: StoredNotice): OfficeNotice {
  return {
    id,
    kind: notice.kind,
    sentAt: notice.sentAt,
    sentBy: notice.sentBy,
    texts: notice.texts,
    languages: notice.languages,
    audience: audienceOf(notice.audience),
    cancellation: notice.cancellation,
    recipients: notice.recipients,
    reads: notice.reads,
    withdrawnAt: notice.withdrawnAt,
    withdrawnBy: notice.withdrawnBy,
    mails: notice.mails ?? null,
  };
}

/**
 * The notice a send makes: its id is a digest of the key space, the admin and the console's key,
 * so that a second attempt of the same send names the same document, and create() lets one win.
 * The admin is part of it: one admin's key never names another's notice.
 */
export const noticeIdFor = (keySpace: KeySpace, adminEmail: string, key: string) =>
  createHash('sha256').update(`${keySpace}\u0000${adminEmail}\u0000${key}`).digest('hex').slice(0, 32);

export const officeNoticeOfDoc = (doc: DocumentSnapshot) => officeNoticeOf(doc.id, doc.data() as StoredNotice);

/** The title the audit log names a notice by: its first language's. */
export const firstTitle = (notice: Pick<StoredNotice, 'texts' | 'languages'>) => noticeTextFor(notice.texts, notice.languages, '').title;

/** An id from a request that can name a document (the contract's ids are any non-empty text). */
export const canNameDocument = (id: string) => id !== '' && id !== '.' && id !== '..' && usableAsDocumentId(id);
