/**
 * A family's own data to take away, and the end of a portal account (GDPR articles 15, 17 and
 * 20). The export holds the documents as stored; the deletion removes the Auth account and the
 * portal's own records of it, never the membership or the office's records.
 */
import { ABSENCES, CALENDAR_FEEDS, MAIL, MANDATE_VIEWS, NOTICE_DELIVERIES, NOTIFICATION_CHOICES, PUSH_OUTBOX, PUSH_SUBSCRIPTIONS, bookingRequestsTable } from '@family-portal/contract';
import { removeAllSubscriptions } from '../push/pushSubscriptions';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { MEMBER_WRITES } from './memberWrites';

type Stored = Record<string, unknown> & { id: string };

/** A reference field's id; anything else refers to nothing. */
const idOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const stored = (snapshot: DocumentSnapshot): Stored | null => (snapshot.exists ? { id: snapshot.id, ...snapshot.data() } : null);

async function byIds(db: Firestore, collection: string, ids: readonly string[]): Promise<Map<string, Stored>> {
  const unique = [...new Set(ids.filter(Boolean))];
  const snapshots = unique.length > 0 ? await db.getAll(...unique.map((id) => db.collection(collection).doc(id))) : [];
  return new Map(snapshots.flatMap((snapshot) => (snapshot.exists ? [[snapshot.id, stored(snapshot)!]] : [])));
}

async function ofMember(db: Firestore, collection: string, memberId: string): Promise<Stored[]> {
  const snapshot = await db.collection(collection).where('memberId', '==', memberId).get();
  return snapshot.docs.map((doc) => stored(doc)!).sort((a, b) => a.id.localeCompare(b.id));
}

/** Everything the portal holds about the caller's family and account. */
export async function exportFamilyData(db: Firestore, auth: Auth, caller: { uid: string; email: string }, member: DocumentSnapshot) {
  const [user, children, plans, payments, otherPayments, bookingRequests, notices, absences, mandates, choices, devices] = await Promise.all([
    auth.getUser(caller.uid),
    ofMember(db, 'children', member.id),
    ofMember(db, 'plans', member.id),
    ofMember(db, 'payments', member.id),
    ofMember(db, 'otherPayments', member.id),
    ofMember(db, bookingRequestsTable.collection, member.id),
    ofMember(db, NOTICE_DELIVERIES, member.id),
    ofMember(db, ABSENCES, member.id),
    ofMember(db, MANDATE_VIEWS, member.id),
    db.collection(NOTIFICATION_CHOICES).doc(caller.uid).get(),
    db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', caller.uid).get(),
  ]);
  const lessons = await byIds(db, 'lessons', plans.map((plan) => idOf(plan.lessonId)));
  const [teachers, roomHours] = await Promise.all([
    byIds(db, 'teachers', [...lessons.values()].map((lesson) => idOf(lesson.teacherId))),
    byIds(db, 'roomHours', plans.flatMap((plan) => (Array.isArray(plan.roomHourIds) ? plan.roomHourIds.map(idOf) : []))),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: { email: caller.email, createdAt: new Date(user.metadata.creationTime).toISOString() },
    member: stored(member)!,
    children,
    // Each plan with its course, the course's teacher and the plan's room hours, as stored.
    plans: plans.map((plan) => {
      const lesson = lessons.get(idOf(plan.lessonId)) ?? null;
      return {
        ...plan,
        course: lesson && { ...lesson, teacher: teachers.get(idOf(lesson.teacherId)) ?? null },
        roomHours: (Array.isArray(plan.roomHourIds) ? plan.roomHourIds : []).flatMap((id) => roomHours.get(idOf(id)) ?? []),
      };
    }),
    payments,
    // Book deposits among them (spec: other payments).
    otherPayments,
    // The family's requests for next quarter's courses, with the office's decisions and notes.
    bookingRequests,
    // The family's copies of the office's notices and cancellations, with when it read each.
    notices,
    // The absences the family reported, with their reasons, while they are kept.
    absences,
    // The family's direct debit mandates, given or stopped, the IBAN masked as the family sees it:
    // the full IBAN never goes back to a browser (docs/payments.md); the office has it.
    mandates,
    notificationChoices: stored(choices),
    // The devices turned on for pushes: since when, their browser's push service (the endpoint's
    // host; the address and keys themselves are the device's, not the parent's), the browser and
    // system its User-Agent named, and when the last push went to it.
    pushDevices: devices.docs.map((device) => ({
      createdAt: String(device.get('createdAt')),
      pushService: new URL(String(device.get('endpoint'))).host,
      browser: (device.get('browser') as string | undefined) ?? null,
      system: (device.get('system') as string | undefined) ?? null,
      lastPushAt: (device.get('lastPushAt') as string | undefined) ?? null,
    })),
  };
}

/** Delivery states in which the Trigger Email extension still has to record the outcome. */
const DELIVERY_UNDER_WAY = new Set(['PENDING', 'PROCESSING', 'RETRY']);

/**
 * The account's e-mails in the `mail` collection (its name, amounts, the association's IBAN, an
 * unsubscribe token): deleted, or, while the extension is still delivering one, emptied of all
 * but the delivery record the extension writes to.
 */
async function forgetMails(db: Firestore, caller: { uid: string; email: string }): Promise<void> {
  const [byUid, byAddress] = await Promise.all([db.collection(MAIL).where('uid', '==', caller.uid).get(), db.collection(MAIL).where('to', '==', caller.email).get()]);
  const mails = new Map([...byUid.docs, ...byAddress.docs].map((doc) => [doc.id, doc]));
  const writer = db.bulkWriter();
  for (const mail of mails.values()) {
    if (DELIVERY_UNDER_WAY.has(String(mail.get('delivery.state')))) {
      void writer.update(mail.ref, { to: FieldValue.delete(), uid: FieldValue.delete(), message: FieldValue.delete(), headers: FieldValue.delete() });
    } else {
      void writer.delete(mail.ref);
    }
  }
  await writer.close();
}

/**
 * Deletes the portal's records of the account (its e-mail choices, e-mails, calendar addresses and push devices, the member's
 * write claim), then the Auth account; the membership and the office's records stay. The records
 * go first: a failure leaves an account that can try again, never records without an account.
 */
export async function deletePortalAccount(db: Firestore, auth: Auth, caller: { uid: string; email: string }, memberId: string | null): Promise<void> {
  const batch = db.batch();
  batch.delete(db.collection(NOTIFICATION_CHOICES).doc(caller.uid));
  if (memberId) batch.delete(db.collection(MEMBER_WRITES).doc(memberId));
  await batch.commit();
  await forgetMails(db, caller);
  const calendars = await db.collection(CALENDAR_FEEDS).where('uid', '==', caller.uid).get();
  await Promise.all(calendars.docs.map((feed) => feed.ref.delete()));
  // Its devices get nothing more; what was pushed to them is forgotten too.
  await removeAllSubscriptions(db, caller.uid);
  const pushed = await db.collection(PUSH_OUTBOX).where('uid', '==', caller.uid).select().get();
  await Promise.all(pushed.docs.map((record) => record.ref.delete()));
  await auth.deleteUser(caller.uid);
}
