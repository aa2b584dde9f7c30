/** The office's notices, newest first, a page at a time (the console's list with "read by N of M"). */
import { NOTICE_PAGE_LENGTH, type OfficeNotice } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { canNameDocument, noticesOf, officeNoticeOfDoc } from './noticeRecord';

/**
 * The page after the notice `after` (the previous page's `next`), or null when there is no such
 * notice. `next` is this page's last notice when older ones follow.
 */
export async function listNotices(db: Firestore, after?: string): Promise<{ notices: OfficeNotice[]; next: string | null } | null> {
  let query = noticesOf(db).orderBy('sentAt', 'desc');
  if (after !== undefined) {
    if (!canNameDocument(after)) return null;
    const cursor = await noticesOf(db).doc(after).get();
    if (!cursor.exists) return null;
    query = query.startAfter(cursor);
  }
  // One more than a page tells whether another follows.
  const snapshot = await query.limit(NOTICE_PAGE_LENGTH + 1).get();
  const notices = snapshot.docs.slice(0, NOTICE_PAGE_LENGTH).map(officeNoticeOfDoc);
  return { notices, next: snapshot.size > NOTICE_PAGE_LENGTH ? (notices.at(-1)?.id ?? null) : null };
}
