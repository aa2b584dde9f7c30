/**
 * A family's screens as its parent sees them, for an admin on the phone with that parent: the
 * same documents the parent's session reads (src/data/familyData.ts), read with the Admin SDK
 * after the view is written to the audit log, so that no admin sees a family without a record
 * of it. Nothing here writes to the family.
 */
import { MEMBER_REFERENCES, SYNC_FRESHNESS_PATH } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { storedClosedDays } from '../sync/family/schoolCalendar';
import { HASH_FIELD, REJECTED_HASH } from '../sync/firestore/contentHash';
import { recordFamilyView } from '../lib/audit';

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
  await recordFamilyView(db, adminEmail, { memberId, memberName: String(member.get('primaryName') ?? '') });
  const [children, plans, payments, otherPayments, quarters, timetable, freshness, closedDays] = await Promise.all([
    ofFamily(db, 'children', memberId),
    ofFamily(db, 'plans', memberId),
    ofFamily(db, 'payments', memberId, true),
    ofFamily(db, 'otherPayments', memberId, true),
    db.collection('quarters').get(),
    db.collection(MEMBER_REFERENCES).doc(memberId).get(),
    db.collection(SYNC_FRESHNESS_PATH.collection).doc(SYNC_FRESHNESS_PATH.doc).get(),
    storedClosedDays(db),
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
    closedDays,
  };
}
