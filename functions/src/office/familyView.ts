/**
 * A family's screens as its parent sees them, for an admin on the phone with that parent
 * (issue 43): the same documents the parent's session reads (src/data/familyData.ts), read with
 * the Admin SDK after the view is written to the audit log, so that no admin sees a family
 * without a record of it. Nothing here writes to the family.
 */
import { ADMIN_AUDIT, AUDIT_LOG_LENGTH, MEMBER_REFERENCES, SYNC_FRESHNESS_PATH, type AuditEntry } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { HASH_FIELD, REJECTED_HASH } from '../sync/firestore/contentHash';

const NO_TIMETABLE = { lessons: [], roomHours: [], teachers: [] };

const asDocument = (doc: DocumentSnapshot) => ({ ...doc.data(), id: doc.id });

async function ofFamily(db: Firestore, collection: string, memberId: string, newestFirst = false) {
  const query = db.collection(collection).where('memberId', '==', memberId);
  return (await (newestFirst ? query.orderBy('date', 'desc') : query).get()).docs.map(asDocument);
}

/** The family's documents, or null when there is no such member. Records the view first. */
export async function viewFamily(db: Firestore, adminEmail: string, memberId: string) {
  const member = await db.collection('members').doc(memberId).get();
  if (!member.exists || member.get(HASH_FIELD) === REJECTED_HASH) return null;
  await db.collection(ADMIN_AUDIT).add({ adminEmail, memberId, memberName: String(member.get('primaryName') ?? ''), at: new Date().toISOString() });
  const [children, plans, payments, otherPayments, quarters, timetable, freshness] = await Promise.all([
    ofFamily(db, 'children', memberId),
    ofFamily(db, 'plans', memberId),
    ofFamily(db, 'payments', memberId, true),
    ofFamily(db, 'otherPayments', memberId, true),
    db.collection('quarters').get(),
    db.collection(MEMBER_REFERENCES).doc(memberId).get(),
    db.collection(SYNC_FRESHNESS_PATH.collection).doc(SYNC_FRESHNESS_PATH.doc).get(),
  ]);
  return {
    member: asDocument(member),
    children,
    plans,
    payments,
    otherPayments,
    quarters: quarters.docs.map(asDocument),
    timetable: timetable.exists ? timetable.data() : NO_TIMETABLE,
    lastSuccessfulSyncAt: (freshness.get('lastSuccessfulSyncAt') as string | undefined) ?? null,
  };
}

/** The newest views, newest first. */
export async function auditLog(db: Firestore): Promise<AuditEntry[]> {
  const snapshot = await db.collection(ADMIN_AUDIT).orderBy('at', 'desc').limit(AUDIT_LOG_LENGTH).get();
  return snapshot.docs.map((doc) => ({
    id: doc.id,
    adminEmail: String(doc.get('adminEmail') ?? ''),
    memberId: String(doc.get('memberId') ?? ''),
    memberName: String(doc.get('memberName') ?? ''),
    at: String(doc.get('at') ?? ''),
  }));
}
