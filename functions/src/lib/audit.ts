/**
 * The audit log of what admins saw of the members and what the office sent them (closed to
 * clients): each family's screens an admin opened, each download of the members table as CSV,
 * which holds every listed member's address, and each notice or cancelled lesson sent or
 * withdrawn. Views are written before the data is read, so that nobody sees it without a record;
 * a notice's entry is written with the notice itself. Read by the console a page at a time,
 * newest first.
 */
import {
  ADMIN_AUDIT,
  AUDIT_LOG_LENGTH,
  auditAudienceSchema,
  NOTICE_KINDS,
  WAITING_LIST_STEPS,
  type AccountsQuery,
  type AuditAudience,
  type AuditEntry,
  type AuditLogPage,
  type OfficeNotice,
  type WaitingListStep,
} from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function recordFamilyView(db: Firestore, adminEmail: string, member: { memberId: string; memberName: string }, now = new Date()): Promise<void> {
  await db.collection(ADMIN_AUDIT).add({ kind: 'familyView', adminEmail, ...member, at: now.toISOString() });
}

/** One entry per download: how many members' rows it held, and the filter that chose them. */
export async function recordCsvDownload(
  db: Firestore,
  adminEmail: string,
  download: { rows: number; filter: Pick<AccountsQuery, 'account' | 'search' | 'notInvited'> },
  now = new Date(),
): Promise<void> {
  await db.collection(ADMIN_AUDIT).add({ kind: 'accountsCsv', adminEmail, rows: download.rows, filter: download.filter, at: now.toISOString() });
}

export type NoticeAuditKind = 'noticeSent' | 'noticeWithdrawn';

/** The entry of a notice sent or withdrawn, for the caller to write with the notice's own write. */
export function noticeAuditEntry(
  kind: NoticeAuditKind,
  adminEmail: string,
  notice: { noticeId: string; noticeKind: OfficeNotice['kind']; title: string; audience: AuditAudience; recipients: number },
  at: string,
) {
  return { kind, adminEmail, at, ...notice };
}

const auditAudienceOf = (value: unknown): AuditAudience => {
  const parsed = auditAudienceSchema.safeParse(value);
  return parsed.success ? parsed.data : { kind: 'all' };
};

/** Entries written before the CSV downloads were recorded have no kind: each is a family's view. */
function entryOf(doc: DocumentSnapshot): AuditEntry {
  const common = { id: doc.id, adminEmail: text(doc.get('adminEmail')), at: text(doc.get('at')) };
  const kind = doc.get('kind') as unknown;
  if (kind === 'accountsCsv') return { kind: 'accountsCsv', ...common, rows: Number(doc.get('rows') ?? 0) };
  if (kind === 'noticeSent' || kind === 'noticeWithdrawn') {
    const noticeKind = doc.get('noticeKind') as unknown;
    return {
      kind,
      ...common,
      noticeId: text(doc.get('noticeId')),
      noticeKind: (NOTICE_KINDS as readonly unknown[]).includes(noticeKind) ? (noticeKind as OfficeNotice['kind']) : 'notice',
      title: text(doc.get('title')),
      audience: auditAudienceOf(doc.get('audience')),
      recipients: Number(doc.get('recipients') ?? 0),
    };
  }
  if (kind === 'waitingList') {
    const step = doc.get('step') as unknown;
    const roomHourIds = doc.get('roomHourIds') as unknown;
    const note = doc.get('note') as unknown;
    return {
      kind,
      ...common,
      step: (WAITING_LIST_STEPS as readonly unknown[]).includes(step) ? (step as WaitingListStep) : 'joined',
      requestId: text(doc.get('requestId')),
      childId: text(doc.get('childId')),
      lessonId: text(doc.get('lessonId')),
      roomHourIds: Array.isArray(roomHourIds) ? roomHourIds.map(String) : [],
      note: typeof note === 'string' ? note : null,
    };
  }
  return { kind: 'familyView', ...common, memberId: text(doc.get('memberId')), memberName: text(doc.get('memberName')) };
}

/**
 * One page of the log, newest first, after the entry `after` (the previous page's last); null
 * when there is no such entry. `next` is this page's last entry when older ones follow.
 */
export async function auditPage(db: Firestore, after?: string): Promise<AuditLogPage | null> {
  let query = db.collection(ADMIN_AUDIT).orderBy('at', 'desc');
  if (after) {
    const cursor = await db.collection(ADMIN_AUDIT).doc(after).get();
    if (!cursor.exists) return null;
    query = query.startAfter(cursor);
  }
  // One more than a page tells whether another follows.
  const snapshot = await query.limit(AUDIT_LOG_LENGTH + 1).get();
  const entries = snapshot.docs.slice(0, AUDIT_LOG_LENGTH).map(entryOf);
  return { entries, next: snapshot.size > AUDIT_LOG_LENGTH ? (entries.at(-1)?.id ?? null) : null };
}
