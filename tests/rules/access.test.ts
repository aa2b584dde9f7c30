/**
 * The security-rules matrix: every collection × every role × get, list and every kind of write.
 * Clients never write. Access to a family follows the sync's e-mail index (member_emails) and
 * nothing else: a verified account with an entry reads its family and the reference data; one
 * without (never a member, row deleted, row rejected, e-mail shared by two rows) reads nothing
 * but its own index and admin entries. Denials are asserted as carefully as successes. The roles
 * are in roles.ts; notices and absences have their matrix in notices.test.ts.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  startAfter,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVE_MEMBERS,
  ADMIN,
  clientsFor,
  EMAILS,
  expectAccess,
  OTHER,
  OWN,
  PARENT,
  ROLES,
  rulesEnvironment,
  seedMembers,
  TWIN,
  verifiedAs,
  type Role,
} from './roles';

/** Twelve children: plans listed by member id, or by batches of child ids within the lookup limit. */
const OWN_CHILDREN = Array.from({ length: 12 }, (_, i) => `C1-${i + 1}`);

let env: RulesTestEnvironment;
let dbAs: (role: Role) => Firestore;

beforeAll(async () => {
  env = await rulesEnvironment();
  dbAs = clientsFor(env);
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const put = (path: string, data: object) => setDoc(doc(db, path), data);
    // The state a sync leaves: documents, and the index for the members it could tell apart.
    await seedMembers(db);
    for (const id of OWN_CHILDREN) await put(`children/${id}`, { memberId: 'M1', name: id });
    await put('children/C2', { memberId: 'M2', name: 'C2' });
    for (const [memberId, childId] of [['M4', 'C4'], ['M5', 'C5'], ['M6', 'C6']]) {
      await put(`children/${childId}`, { memberId, name: childId });
      await put(`plans/PL-${childId}`, { childId, memberId });
    }
    for (const name of ['payments', 'otherPayments']) {
      await put(`${name}/x1`, { memberId: 'M1', date: '2026-01-01' });
      await put(`${name}/x2`, { memberId: 'M2', date: '2026-01-02' });
      await put(`${name}/x6`, { memberId: 'M6', date: '2026-01-06' });
    }
    for (const [index, childId] of OWN_CHILDREN.entries()) await put(`plans/PL1-${index}`, { childId, memberId: 'M1' });
    await put('plans/PL2', { childId: 'C2', memberId: 'M2' });
    await put('quarters/r1', { name: 'reference' });
    // The timetable, and each family's copy of what its plans point to (the sync keeps
    // member_references); no family here is enrolled in the X3 documents.
    for (const [name, prefix] of REFERENCE_COLLECTIONS) {
      for (const n of [1, 2, 3]) await put(`${name}/${prefix}${n}`, { name: `${prefix}${n}`, whatsappGroup: `https://chat.example/${prefix}${n}` });
    }
    const referencesOf = (n: number) => ({
      planIds: [`PL${n}`],
      lessonIds: [`L${n}`],
      teacherIds: [`T${n}`],
      roomHourIds: [`RH${n}`],
      lessons: [{ id: `L${n}`, name: `L${n}`, whatsappGroup: `https://chat.example/L${n}` }],
    });
    await put('member_references/M1', referencesOf(1));
    await put('member_references/M2', referencesOf(2));
    // Left from before the row was deleted: without an index entry it opens nothing.
    await put('member_references/M4', referencesOf(3));
    await put('admin_users/boss@example.com', { active: true });
    await put('admin_users/retired@example.com', { active: false });
    await put('sync_logs/s1', { status: 'success' });
    await put('sync_metadata/last_sync', { lastSyncId: 's1' });
    await put('sync_metadata/public', { lastSuccessfulSyncAt: '2026-11-22T01:00:00.000Z' });
    await put('sync_metadata/lease', { syncId: 's1' });
    await put('rate_limits/r1', { window: 1, count: 1 });
    await put('mail/e1', { to: PARENT, message: { subject: 'Zahlung fällig', text: '…' } });
    await put('office_alerts/state', { outstanding: true, lastSent: { error: '2026-11-26' } });
    await put('notification_choices/parent-uid', { paymentDue: true, language: 'de' });
    await put('calendar_feeds/feed-hash', { uid: 'parent-uid', email: PARENT, memberId: 'M1', language: 'de', createdAt: '2026-11-27T10:00:00.000Z' });
    await put('push_subscriptions/device-hash', { uid: 'parent-uid', email: PARENT, memberId: 'M1', endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' }, createdAt: '2026-12-05T10:00:00.000Z' });
    await put('push_outbox/mail-device', { uid: 'parent-uid', mailId: 'e1', deviceId: 'device-hash', kind: 'paymentDue', state: 'sent' });
    await put('invitations/M1', { lastSentAt: '2026-11-27T10:00:00.000Z', lastSentBy: ADMIN, count: 1 });
    // Booking: the next quarter's offer, its places, and requests of three families.
    await put('offers/O1', { quarterId: 'Q2', lessonId: 'L1', roomHourIds: [], places: 3, weeks: 12, requestsUntil: '2026-12-20' });
    await put('offer_catalogue/Q2', { quarter: { id: 'Q2', name: '2027 Q1', firstDay: '2027-01-04', lastDay: '2027-03-26' }, offers: [] });
    await put('offer_summary/Q2', { quarter: { id: 'Q2', name: '2027 Q1', firstDay: '2027-01-04', lastDay: '2027-03-26' }, requestsUntil: '2026-12-20', lessonNames: { L1: 'Schach' } });
    await put('offer_places/O1', { quarterId: 'Q2', taken: { RH1: 2 } });
    await put('booking_holds/O1', { holders: { 'REQ-1': { roomHourIds: ['RH1'], state: 'held', since: '2026-11-27T10:00:00.000Z' } } });
    for (const [n, memberId] of [[1, 'M1'], [2, 'M2'], [4, 'M4']] as const) {
      await put(`bookingRequests/REQ-${n}`, { memberId, childId: `C${n}`, quarterId: 'Q2', lessonId: 'L1', roomHourIds: ['RH1'], status: 'requested' });
    }
    // M8's membership ended: still indexed (it sees its own history), status no longer active.
    await put('bookingRequests/REQ-8', { memberId: 'M8', childId: 'C8', quarterId: 'Q2', lessonId: 'L1', roomHourIds: ['RH1'], status: 'declined' });
    // The waiting list: M1's entry with a place offered, M2's in line behind it.
    const entry = { childId: 'C1', offerId: 'O1', quarterId: 'Q2', lessonId: 'L1', passed: [] };
    await put('waiting_entries/REQ-W1', { ...entry, memberId: 'M1', positions: [{ roomHourId: 'RH1', position: 1 }], offer: { roomHourId: 'RH1', offeredAt: '2026-12-06T10:00:00.000Z', until: '2026-12-08T10:00:00.000Z' } });
    await put('waiting_entries/REQ-W2', { ...entry, memberId: 'M2', childId: 'C2', positions: [{ roomHourId: 'RH1', position: 2 }], offer: null });
    // The school's closed days: the office's row, and the quarter's as families read it.
    await put('closedDays/CD1', { firstDay: '2026-12-21', lastDay: '2027-01-03', name: 'Weihnachtsferien', lessonId: null, roomHourId: null });
    await put('school_calendar/Q2', {
      quarter: { id: 'Q2', name: '2027 Q1', firstDay: '2027-01-04', lastDay: '2027-03-26' },
      closedDays: [{ id: 'CD1', firstDay: '2026-12-21', lastDay: '2027-01-03', name: 'Weihnachtsferien', lessonId: null, roomHourId: null }],
    });
    // Direct debit: the office's mandates (full IBAN), the families' masked views, the school's offer.
    const mandate = { accountHolder: 'Eve', bic: null, signedAt: '2026-12-06T10:00:00.000Z', signedBy: PARENT, status: 'active', revokedAt: null };
    await put('mandates/MNDT-M1-A', { ...mandate, memberId: 'M1', iban: 'DE89370400440532013000', firstUsed: null, lastUsed: null });
    await put('mandate_views/MNDT-M1-A', { ...mandate, id: 'MNDT-M1-A', memberId: 'M1', ibanMasked: 'DE•• •••• •••• •••• ••30 00' });
    await put('mandate_views/MNDT-M2-A', { ...mandate, id: 'MNDT-M2-A', memberId: 'M2', ibanMasked: 'DE•• •••• •••• •••• ••30 00' });
    await put('mandate_views/MNDT-M4-A', { ...mandate, id: 'MNDT-M4-A', memberId: 'M4', ibanMasked: 'DE•• •••• •••• •••• ••30 00' });
    await put('direct_debit/school', { offered: true });
    // Collection runs: the office's run, and each family's debits in it (one returned), a former
    // member's and that of a family whose membership ended since.
    await put('collection_runs/RUN-1', { collectionDate: '2026-12-15', status: 'filed', purpose: 'Kursgebühren 2026 Q4', debitCount: 4, totalCents: 18000, announcedAt: '2026-11-27T10:00:00.000Z', announcedBy: ADMIN, filedAt: '2026-12-10T10:00:00.000Z', messageId: 'MSG-1' });
    const debit = { runId: 'RUN-1', mandateReference: 'MNDT-M1-A', amount: 45, collectionDate: '2026-12-15', status: 'filed', returnReason: null };
    for (const memberId of ['M1', 'M2', 'M4', 'M8']) await put(`debits/RUN-1-${memberId}`, { ...debit, memberId });
    await put('debits/RUN-1-M1', { ...debit, memberId: 'M1', status: 'returned', returnReason: 'AM04' });
    await put('admin_audit/a1', { adminEmail: ADMIN, memberId: 'M1', memberName: 'Eve', at: '2026-11-27T10:00:00.000Z' });
  });
});
afterAll(() => env.cleanup());

const REFERENCE_COLLECTIONS = [['teachers', 'T'], ['lessons', 'L'], ['roomHours', 'RH']] as const;
/** Indexed accounts read the reference data whether or not their membership is still active. */
const INDEXED: Role[] = [...ACTIVE_MEMBERS, 'member whose membership ended'];
const OWN_INDEX_ENTRY: Role[] = [
  'verified non-member',
  'former member',
  'member of a rejected row',
  'duplicate pair, first',
  'duplicate pair, second',
  ...INDEXED,
  'admin',
];

/** `email` is the caller's own address, lower-cased ('' when signed out). */
type Read = { collection: string; what: string; allowed: Role[]; read: (db: Firestore, email: string) => Promise<unknown> };
const familyQuery = (db: Firestore, name: string, memberId: string) => getDocs(query(collection(db, name), where('memberId', '==', memberId)));

/** What each role may read: single documents, and the queries the app and a prober would make. */
const READS: Read[] = [
  { collection: 'members', what: "get the parent's member document", allowed: OWN, read: (db) => getDoc(doc(db, 'members/M1')) },
  {
    collection: 'members',
    what: 'list the own member document by id',
    allowed: OWN,
    read: (db) => getDocs(query(collection(db, 'members'), where(documentId(), '==', 'M1'))),
  },
  {
    collection: 'members',
    what: 'list members by the parent e-mail (not how access is decided)',
    allowed: [],
    read: (db) => getDocs(query(collection(db, 'members'), where('primaryEmail', '==', PARENT))),
  },
  { collection: 'members', what: 'list all members', allowed: [], read: (db) => getDocs(collection(db, 'members')) },
  { collection: 'members', what: "get the former member's document", allowed: [], read: (db) => getDoc(doc(db, 'members/M4')) },
  { collection: 'members', what: "get the rejected row's document", allowed: [], read: (db) => getDoc(doc(db, 'members/M5')) },
  { collection: 'members', what: 'get a document of the duplicate pair', allowed: [], read: (db) => getDoc(doc(db, 'members/M6')) },
  { collection: 'children', what: "get the parent's child", allowed: OWN, read: (db) => getDoc(doc(db, 'children/C1-1')) },
  { collection: 'children', what: "list the parent's children", allowed: OWN, read: (db) => familyQuery(db, 'children', 'M1') },
  { collection: 'children', what: "list the former member's children", allowed: [], read: (db) => familyQuery(db, 'children', 'M4') },
  { collection: 'children', what: "list the duplicate pair's children", allowed: [], read: (db) => familyQuery(db, 'children', 'M6') },
  { collection: 'children', what: 'list all children', allowed: [], read: (db) => getDocs(collection(db, 'children')) },
  ...['payments', 'otherPayments'].flatMap((name): Read[] => [
    { collection: name, what: `get the parent's ${name}`, allowed: OWN, read: (db) => getDoc(doc(db, `${name}/x1`)) },
    {
      collection: name,
      what: `list the parent's ${name} by date`,
      allowed: OWN,
      read: (db) => getDocs(query(collection(db, name), where('memberId', '==', 'M1'), orderBy('date', 'desc'))),
    },
    { collection: name, what: `list the duplicate pair's ${name}`, allowed: [], read: (db) => familyQuery(db, name, 'M6') },
    { collection: name, what: `list all ${name}`, allowed: [], read: (db) => getDocs(collection(db, name)) },
  ]),
  { collection: 'plans', what: "get the parent's plan", allowed: OWN, read: (db) => getDoc(doc(db, 'plans/PL1-0')) },
  { collection: 'plans', what: "list the parent's plans by member id (the app's query)", allowed: OWN, read: (db) => familyQuery(db, 'plans', 'M1') },
  {
    collection: 'plans',
    what: "list plans of the parent's first 10 children (one batch)",
    allowed: OWN,
    read: (db) => getDocs(query(collection(db, 'plans'), where('memberId', '==', 'M1'), where('childId', 'in', OWN_CHILDREN.slice(0, 10)))),
  },
  {
    collection: 'plans',
    what: 'list plans by child ids without the family (not provable)',
    allowed: [],
    read: (db) => getDocs(query(collection(db, 'plans'), where('childId', 'in', OWN_CHILDREN.slice(0, 10)))),
  },
  {
    collection: 'plans',
    what: "list another family's plans under its member id",
    allowed: ['member of another family'],
    read: (db) => getDocs(query(collection(db, 'plans'), where('memberId', '==', 'M2'), where('childId', 'in', ['C2']))),
  },
  { collection: 'plans', what: "list the former member's plans", allowed: [], read: (db) => familyQuery(db, 'plans', 'M4') },
  { collection: 'plans', what: "list the rejected row's plans", allowed: [], read: (db) => familyQuery(db, 'plans', 'M5') },
  { collection: 'plans', what: 'list all plans', allowed: [], read: (db) => getDocs(collection(db, 'plans')) },
  { collection: 'quarters', what: 'get a quarters document', allowed: [...INDEXED, 'admin'], read: (db) => getDoc(doc(db, 'quarters/r1')) },
  { collection: 'quarters', what: 'list quarters', allowed: [...INDEXED, 'admin'], read: (db) => getDocs(collection(db, 'quarters')) },
  // The timetable's collections are the admins' alone: a family reads its copy in member_references.
  ...REFERENCE_COLLECTIONS.flatMap(([name, prefix]): Read[] => [
    { collection: name, what: `get a ${name} document the family's plans point to`, allowed: ['admin'], read: (db) => getDoc(doc(db, `${name}/${prefix}1`)) },
    { collection: name, what: `get a ${name} document no family here points to`, allowed: ['admin'], read: (db) => getDoc(doc(db, `${name}/${prefix}3`)) },
    {
      collection: name,
      what: `list the family's own ${name} by id, 30 at most`,
      allowed: ['admin'],
      read: (db) => getDocs(query(collection(db, name), where(documentId(), 'in', [`${prefix}1`]), limit(30))),
    },
    {
      collection: name,
      what: `page through ${name} with a cursor, 30 at a time`,
      allowed: ['admin'],
      read: (db) => getDocs(query(collection(db, name), orderBy(documentId()), startAfter(`${prefix}1`), limit(30))),
    },
    { collection: name, what: `list all ${name} (the whole timetable)`, allowed: ['admin'], read: (db) => getDocs(collection(db, name)) },
  ]),
  { collection: 'member_references', what: "get the family's own timetable", allowed: OWN, read: (db) => getDoc(doc(db, 'member_references/M1')) },
  {
    collection: 'member_references',
    what: "get another family's timetable",
    allowed: ['member of another family'],
    read: (db) => getDoc(doc(db, 'member_references/M2')),
  },
  { collection: 'member_references', what: "get the former member's timetable", allowed: [], read: (db) => getDoc(doc(db, 'member_references/M4')) },
  {
    collection: 'member_references',
    what: 'list the own timetable by id',
    allowed: [],
    read: (db) => getDocs(query(collection(db, 'member_references'), where(documentId(), '==', 'M1'))),
  },
  { collection: 'member_references', what: 'list timetables', allowed: [], read: (db) => getDocs(collection(db, 'member_references')) },
  {
    collection: 'children',
    what: "list children with an in filter naming another family's member id",
    allowed: [],
    read: (db) => getDocs(query(collection(db, 'children'), where('memberId', 'in', ['M1', 'M2']))),
  },
  {
    collection: 'plans',
    what: "list plans with an in filter naming another family's member id",
    allowed: [],
    read: (db) => getDocs(query(collection(db, 'plans'), where('memberId', 'in', ['M1', 'M2']), where('childId', 'in', ['C1-1', 'C2']))),
  },
  {
    collection: 'member_emails',
    what: 'get the own index entry (present or not)',
    allowed: OWN_INDEX_ENTRY,
    read: (db, email) => getDoc(doc(db, `member_emails/${email || 'nobody@example.com'}`)),
  },
  {
    collection: 'member_emails',
    what: "get another member's index entry",
    allowed: [],
    read: (db, email) => getDoc(doc(db, `member_emails/${email === OTHER ? PARENT : OTHER}`)),
  },
  { collection: 'member_emails', what: 'list the index', allowed: [], read: (db) => getDocs(collection(db, 'member_emails')) },
  { collection: 'member_email_duplicates', what: 'get the duplicate entry', allowed: [], read: (db) => getDoc(doc(db, `member_email_duplicates/${TWIN}`)) },
  { collection: 'member_email_duplicates', what: 'list duplicates', allowed: [], read: (db) => getDocs(collection(db, 'member_email_duplicates')) },
  { collection: 'admin_users', what: "get the admin's own admin record", allowed: ['admin'], read: (db) => getDoc(doc(db, `admin_users/${ADMIN}`)) },
  { collection: 'admin_users', what: "get another admin's record", allowed: [], read: (db) => getDoc(doc(db, 'admin_users/boss@example.com')) },
  { collection: 'admin_users', what: 'list admin records', allowed: [], read: (db) => getDocs(collection(db, 'admin_users')) },
  { collection: 'sync_logs', what: 'get a sync log', allowed: [], read: (db) => getDoc(doc(db, 'sync_logs/s1')) },
  { collection: 'sync_logs', what: 'list sync logs', allowed: [], read: (db) => getDocs(collection(db, 'sync_logs')) },
  { collection: 'sync_metadata', what: 'get the sync metadata', allowed: [], read: (db) => getDoc(doc(db, 'sync_metadata/last_sync')) },
  { collection: 'sync_metadata', what: 'get the lease', allowed: [], read: (db) => getDoc(doc(db, 'sync_metadata/lease')) },
  {
    collection: 'sync_metadata',
    what: 'get the time of the last successful sync (sync_metadata/public)',
    allowed: [...INDEXED, 'admin'],
    read: (db) => getDoc(doc(db, 'sync_metadata/public')),
  },
  { collection: 'sync_metadata', what: 'list the sync metadata', allowed: [], read: (db) => getDocs(collection(db, 'sync_metadata')) },
  { collection: 'rate_limits', what: 'get a rate-limit counter', allowed: [], read: (db) => getDoc(doc(db, 'rate_limits/r1')) },
  { collection: 'rate_limits', what: 'list rate-limit counters', allowed: [], read: (db) => getDocs(collection(db, 'rate_limits')) },
  // The e-mails to send: a parent's own among them, which would show another family's if listed.
  { collection: 'mail', what: "get an e-mail to the parent's own address", allowed: [], read: (db) => getDoc(doc(db, 'mail/e1')) },
  { collection: 'mail', what: 'list the e-mails to send', allowed: [], read: (db) => getDocs(collection(db, 'mail')) },
  { collection: 'office_alerts', what: "get the office alerts' state", allowed: [], read: (db) => getDoc(doc(db, 'office_alerts/state')) },
  // A parent changes their own choices through a function only.
  { collection: 'notification_choices', what: "get a parent's e-mail choices", allowed: [], read: (db) => getDoc(doc(db, 'notification_choices/parent-uid')) },
  { collection: 'notification_choices', what: 'list e-mail choices', allowed: [], read: (db) => getDocs(collection(db, 'notification_choices')) },
  // A calendar address is made and served by functions only; the store holds its hash.
  { collection: 'calendar_feeds', what: "get a family's calendar address", allowed: [], read: (db) => getDoc(doc(db, 'calendar_feeds/feed-hash')) },
  { collection: 'calendar_feeds', what: 'list calendar addresses', allowed: [], read: (db) => getDocs(collection(db, 'calendar_feeds')) },
  // A device's push endpoint and keys reach any sender who has them: stored and read by functions only.
  { collection: 'push_subscriptions', what: "get a parent's push device", allowed: [], read: (db) => getDoc(doc(db, 'push_subscriptions/device-hash')) },
  { collection: 'push_subscriptions', what: 'list push devices', allowed: [], read: (db) => getDocs(collection(db, 'push_subscriptions')) },
  { collection: 'push_outbox', what: 'get what was pushed to a device', allowed: [], read: (db) => getDoc(doc(db, 'push_outbox/mail-device')) },
  { collection: 'push_outbox', what: 'list what was pushed', allowed: [], read: (db) => getDocs(collection(db, 'push_outbox')) },
  // The office's records: read through its functions, which check the admin record, never by a client.
  { collection: 'invitations', what: "get a member's invitation record", allowed: [], read: (db) => getDoc(doc(db, 'invitations/M1')) },
  { collection: 'invitations', what: 'list invitation records', allowed: [], read: (db) => getDocs(collection(db, 'invitations')) },
  { collection: 'admin_audit', what: "get an admin's view of a family", allowed: [], read: (db) => getDoc(doc(db, 'admin_audit/a1')) },
  { collection: 'admin_audit', what: 'list the audit log', allowed: [], read: (db) => getDocs(collection(db, 'admin_audit')) },
  // Booking: the offer and its place counts for active members, each family's own requests.
  { collection: 'offer_catalogue', what: "get the next quarter's offer", allowed: [...ACTIVE_MEMBERS, 'admin'], read: (db) => getDoc(doc(db, 'offer_catalogue/Q2')) },
  { collection: 'offer_catalogue', what: 'list the offers of every quarter', allowed: [], read: (db) => getDocs(collection(db, 'offer_catalogue')) },
  { collection: 'offer_summary', what: "get the next quarter's offer in short", allowed: [...ACTIVE_MEMBERS, 'admin'], read: (db) => getDoc(doc(db, 'offer_summary/Q2')) },
  { collection: 'offer_summary', what: 'list the short offers of every quarter', allowed: [], read: (db) => getDocs(collection(db, 'offer_summary')) },
  {
    collection: 'offer_places',
    what: "list the next quarter's places taken",
    allowed: [...ACTIVE_MEMBERS, 'admin'],
    read: (db) => getDocs(query(collection(db, 'offer_places'), where('quarterId', '==', 'Q2'))),
  },
  { collection: 'offer_places', what: "get one offer's places taken", allowed: [...ACTIVE_MEMBERS, 'admin'], read: (db) => getDoc(doc(db, 'offer_places/O1')) },
  { collection: 'offers', what: "get the office's offer row", allowed: ['admin'], read: (db) => getDoc(doc(db, 'offers/O1')) },
  { collection: 'offers', what: "list the office's offer rows", allowed: ['admin'], read: (db) => getDocs(collection(db, 'offers')) },
  { collection: 'booking_holds', what: 'get who holds the places of an offer', allowed: [], read: (db) => getDoc(doc(db, 'booking_holds/O1')) },
  { collection: 'booking_holds', what: 'list the holders of places', allowed: [], read: (db) => getDocs(collection(db, 'booking_holds')) },
  { collection: 'bookingRequests', what: "get the family's own request", allowed: [...OWN, 'admin'], read: (db) => getDoc(doc(db, 'bookingRequests/REQ-1')) },
  { collection: 'bookingRequests', what: "list the family's own requests", allowed: [...OWN, 'admin'], read: (db) => familyQuery(db, 'bookingRequests', 'M1') },
  {
    collection: 'bookingRequests',
    what: "list another family's requests",
    allowed: ['member of another family', 'admin'],
    read: (db) => familyQuery(db, 'bookingRequests', 'M2'),
  },
  { collection: 'bookingRequests', what: "get the former member's request", allowed: ['admin'], read: (db) => getDoc(doc(db, 'bookingRequests/REQ-4')) },
  { collection: 'bookingRequests', what: "list the former member's requests", allowed: ['admin'], read: (db) => familyQuery(db, 'bookingRequests', 'M4') },
  { collection: 'bookingRequests', what: 'list all requests', allowed: ['admin'], read: (db) => getDocs(collection(db, 'bookingRequests')) },
  { collection: 'waiting_entries', what: "get the family's own place on a waiting list", allowed: [...OWN, 'admin'], read: (db) => getDoc(doc(db, 'waiting_entries/REQ-W1')) },
  { collection: 'waiting_entries', what: "list the family's own places on waiting lists", allowed: [...OWN, 'admin'], read: (db) => familyQuery(db, 'waiting_entries', 'M1') },
  {
    collection: 'waiting_entries',
    what: "list another family's places on waiting lists",
    allowed: ['member of another family', 'admin'],
    read: (db) => familyQuery(db, 'waiting_entries', 'M2'),
  },
  { collection: 'waiting_entries', what: 'list every waiting list', allowed: ['admin'], read: (db) => getDocs(collection(db, 'waiting_entries')) },
  // Closed days: a quarter's for active members, the office's rows for admins.
  { collection: 'school_calendar', what: "get a quarter's closed days", allowed: [...ACTIVE_MEMBERS, 'admin'], read: (db) => getDoc(doc(db, 'school_calendar/Q2')) },
  { collection: 'school_calendar', what: "list every quarter's closed days", allowed: [...ACTIVE_MEMBERS, 'admin'], read: (db) => getDocs(collection(db, 'school_calendar')) },
  { collection: 'closedDays', what: "get the office's closed day row", allowed: ['admin'], read: (db) => getDoc(doc(db, 'closedDays/CD1')) },
  { collection: 'closedDays', what: "list the office's closed day rows", allowed: ['admin'], read: (db) => getDocs(collection(db, 'closedDays')) },
  // Direct debit: the full IBAN for the office's functions only; each family its own masked views.
  { collection: 'mandates', what: "get the family's own mandate with its IBAN", allowed: [], read: (db) => getDoc(doc(db, 'mandates/MNDT-M1-A')) },
  { collection: 'mandates', what: 'list the mandates with their IBANs', allowed: [], read: (db) => getDocs(collection(db, 'mandates')) },
  { collection: 'mandates', what: "list the family's own mandates with their IBANs", allowed: [], read: (db) => familyQuery(db, 'mandates', 'M1') },
  { collection: 'mandate_views', what: "get the family's own mandate, masked", allowed: [...OWN, 'admin'], read: (db) => getDoc(doc(db, 'mandate_views/MNDT-M1-A')) },
  { collection: 'mandate_views', what: "list the family's own mandates, masked", allowed: [...OWN, 'admin'], read: (db) => familyQuery(db, 'mandate_views', 'M1') },
  {
    collection: 'mandate_views',
    what: "list another family's mandates, masked",
    allowed: ['member of another family', 'admin'],
    read: (db) => familyQuery(db, 'mandate_views', 'M2'),
  },
  { collection: 'mandate_views', what: "get the former member's mandate", allowed: ['admin'], read: (db) => getDoc(doc(db, 'mandate_views/MNDT-M4-A')) },
  { collection: 'mandate_views', what: 'list every mandate, masked', allowed: ['admin'], read: (db) => getDocs(collection(db, 'mandate_views')) },
  { collection: 'direct_debit', what: 'get whether the school offers direct debit', allowed: [...ACTIVE_MEMBERS, 'admin'], read: (db) => getDoc(doc(db, 'direct_debit/school')) },
  // Collections: each family its own debits, whatever became of its membership; the runs for admins.
  { collection: 'debits', what: "get the family's own debit", allowed: [...OWN, 'admin'], read: (db) => getDoc(doc(db, 'debits/RUN-1-M1')) },
  { collection: 'debits', what: "list the family's own debits", allowed: [...OWN, 'admin'], read: (db) => familyQuery(db, 'debits', 'M1') },
  {
    collection: 'debits',
    what: "list the family's own debits of one run",
    allowed: [...OWN, 'admin'],
    read: (db) => getDocs(query(collection(db, 'debits'), where('memberId', '==', 'M1'), where('runId', '==', 'RUN-1'))),
  },
  { collection: 'debits', what: "get another family's debit", allowed: ['member of another family', 'admin'], read: (db) => getDoc(doc(db, 'debits/RUN-1-M2')) },
  { collection: 'debits', what: "list another family's debits", allowed: ['member of another family', 'admin'], read: (db) => familyQuery(db, 'debits', 'M2') },
  {
    collection: 'debits',
    what: "list debits with an in filter naming another family's member id",
    allowed: ['admin'],
    read: (db) => getDocs(query(collection(db, 'debits'), where('memberId', 'in', ['M1', 'M2']))),
  },
  { collection: 'debits', what: "list a run's debits", allowed: ['admin'], read: (db) => getDocs(query(collection(db, 'debits'), where('runId', '==', 'RUN-1'))) },
  { collection: 'debits', what: "get the former member's debit", allowed: ['admin'], read: (db) => getDoc(doc(db, 'debits/RUN-1-M4')) },
  {
    collection: 'debits',
    what: 'list the debits of the family whose membership ended',
    allowed: ['member whose membership ended', 'admin'],
    read: (db) => familyQuery(db, 'debits', 'M8'),
  },
  { collection: 'debits', what: 'list every debit', allowed: ['admin'], read: (db) => getDocs(collection(db, 'debits')) },
  { collection: 'collection_runs', what: 'get a collection run', allowed: ['admin'], read: (db) => getDoc(doc(db, 'collection_runs/RUN-1')) },
  { collection: 'collection_runs', what: 'list the collection runs', allowed: ['admin'], read: (db) => getDocs(collection(db, 'collection_runs')) },
  {
    collection: 'collection_runs',
    what: 'list the runs of a collection date',
    allowed: ['admin'],
    read: (db) => getDocs(query(collection(db, 'collection_runs'), where('collectionDate', '==', '2026-12-15'))),
  },
];

// Reads only, so a role's reads run side by side.
describe.concurrent.each(ROLES)('reads as %s', (role) => {
  it.each(READS.map((r) => [`${r.collection}: ${r.what}`, r] as const))('%s', async (_what, { allowed, read }) => {
    await expectAccess(allowed.includes(role), read(dbAs(role), EMAILS[role] ?? ''));
  });
});

describe('what the allowed reads return', () => {
  it('a family with 12 children reads all 12 plans in two batches, each decided with one lookup', async () => {
    const db = dbAs('own member');
    const batches = [OWN_CHILDREN.slice(0, 10), OWN_CHILDREN.slice(10)];
    const results = await Promise.all(
      batches.map((ids) => assertSucceeds(getDocs(query(collection(db, 'plans'), where('memberId', '==', 'M1'), where('childId', 'in', ids))))),
    );
    expect(results.flatMap((result) => result.docs.map((d) => d.id)).sort()).toEqual(OWN_CHILDREN.map((_, index) => `PL1-${index}`).sort());
  });

  it('the other family gets its own member, children and plans with the same rules, and only those', async () => {
    const db = dbAs('member of another family');
    expect((await assertSucceeds(getDoc(doc(db, 'members/M2')))).get('primaryName')).toBe('Other');
    const children = await assertSucceeds(familyQuery(db, 'children', 'M2'));
    expect(children.docs.map((d) => d.id)).toEqual(['C2']);
    const plans = await assertSucceeds(getDocs(query(collection(db, 'plans'), where('memberId', '==', 'M2'), where('childId', 'in', ['C2']))));
    expect(plans.docs.map((d) => d.id)).toEqual(['PL2']);
    await assertFails(getDoc(doc(db, 'members/M1')));
    await assertFails(familyQuery(db, 'children', 'M1'));
  });

  it('an account without an index entry learns that it has none, and nothing about the others', async () => {
    for (const role of ['verified non-member', 'former member', 'member of a rejected row', 'duplicate pair, first'] as const) {
      const snapshot = await assertSucceeds(getDoc(doc(dbAs(role), `member_emails/${EMAILS[role]}`)));
      expect(snapshot.exists(), role).toBe(false);
    }
  });

  it('reads its own admin record even when there is none (how the app learns it is no admin)', async () => {
    const snapshot = await assertSucceeds(getDoc(doc(dbAs('member of another family'), `admin_users/${OTHER}`)));
    expect(snapshot.exists()).toBe(false);
  });

  it("a member reads its family's timetable in one document, with the copied lessons' data, and its plans by member id", async () => {
    const db = dbAs('own member');
    const timetable = await assertSucceeds(getDoc(doc(db, 'member_references/M1')));
    expect(timetable.get('lessons')).toEqual([{ id: 'L1', name: 'L1', whatsappGroup: 'https://chat.example/L1' }]);
    const plans = await assertSucceeds(familyQuery(db, 'plans', 'M1'));
    expect(plans.docs.map((d) => d.id).sort()).toEqual(OWN_CHILDREN.map((_, index) => `PL1-${index}`).sort());
  });

  it('an admin pages through the whole timetable', async () => {
    const page = await assertSucceeds(getDocs(query(collection(dbAs('admin'), 'lessons'), orderBy(documentId()), startAfter('L1'), limit(30))));
    expect(page.docs.map((d) => d.id)).toEqual(['L2', 'L3']);
  });

  it('a member whose membership ended reads its own requests, but nothing of the offer', async () => {
    const db = dbAs('member whose membership ended');
    const own = await assertSucceeds(familyQuery(db, 'bookingRequests', 'M8'));
    expect(own.docs.map((d) => [d.id, d.get('status')])).toEqual([['REQ-8', 'declined']]);
    await assertFails(getDoc(doc(db, 'offer_catalogue/Q2')));
    await assertFails(getDoc(doc(db, 'offer_summary/Q2')));
    await assertFails(getDocs(query(collection(db, 'offer_places'), where('quarterId', '==', 'Q2'))));
    await assertFails(familyQuery(db, 'bookingRequests', 'M1'));
  });

  it("a family reads the places taken as counts per room hour, nothing of who took them", async () => {
    const places = await assertSucceeds(getDocs(query(collection(dbAs('member of another family'), 'offer_places'), where('quarterId', '==', 'Q2'))));
    expect(places.docs.map((d) => d.data())).toEqual([{ quarterId: 'Q2', taken: { RH1: 2 } }]);
  });

  it('an inactive admin without a membership reads no reference data', async () => {
    const db = verifiedAs(env, 'u-retired', 'retired@example.com').firestore() as unknown as Firestore;
    await assertSucceeds(getDoc(doc(db, 'admin_users/retired@example.com')));
    await assertFails(getDocs(collection(db, 'quarters')));
    await assertFails(getDocs(collection(db, 'collection_runs')));
    await assertFails(getDocs(collection(db, 'debits')));
  });

  it("a family lists its own debits, the returned one with the bank's reason, and nothing of another family's", async () => {
    const db = dbAs('own member');
    const own = await assertSucceeds(familyQuery(db, 'debits', 'M1'));
    expect(own.docs.map((d) => [d.id, d.get('status'), d.get('returnReason')])).toEqual([['RUN-1-M1', 'returned', 'AM04']]);
    await assertFails(getDoc(doc(db, 'debits/RUN-1-M2')));
    await assertFails(getDocs(query(collection(db, 'debits'), where('runId', '==', 'RUN-1'))));
  });
});

const WRITABLE_PATHS = [
  'members/M1',
  'children/C1-1',
  'payments/x1',
  'otherPayments/x1',
  'plans/PL1-0',
  'quarters/r1',
  'teachers/T1',
  'lessons/L1',
  'roomHours/RH1',
  'member_references/M1',
  `member_emails/${PARENT}`,
  `member_email_duplicates/${TWIN}`,
  `admin_users/${ADMIN}`,
  'sync_logs/s1',
  'sync_metadata/last_sync',
  'sync_metadata/public',
  'rate_limits/r1',
  'mail/e1',
  'office_alerts/state',
  'notification_choices/parent-uid',
  'calendar_feeds/feed-hash',
  'push_subscriptions/device-hash',
  'push_outbox/mail-device',
  'invitations/M1',
  'admin_audit/a1',
  'offers/O1',
  'offer_catalogue/Q2',
  'offer_summary/Q2',
  'offer_places/O1',
  'booking_holds/O1',
  'waiting_entries/REQ-W1',
  'bookingRequests/REQ-1',
  'closedDays/CD1',
  'school_calendar/Q2',
  'mandates/MNDT-M1-A',
  'mandate_views/MNDT-M1-A',
  'direct_debit/school',
  'debits/RUN-1-M1',
  'collection_runs/RUN-1',
];

describe.each(ROLES)('writes as %s', (role) => {
  it.each(WRITABLE_PATHS)('cannot create, update or delete %s', async (path) => {
    const db = dbAs(role);
    const [name] = path.split('/');
    const data = { memberId: 'M1', primaryEmail: PARENT, active: true };
    // An index entry for oneself would be the way in: it must be refused like everything else.
    const ownId = name === 'member_emails' || name === 'admin_users' ? (EMAILS[role] ?? 'x@example.com') : 'new-doc';
    await assertFails(setDoc(doc(db, `${name}/${ownId}`), data));
    await assertFails(setDoc(doc(db, path), data));
    await assertFails(updateDoc(doc(db, path), { changed: true }));
    await assertFails(deleteDoc(doc(db, path)));
  });
});

/** The matrix in figures, for the closing note: roles × collections, and how many are denials. */
afterAll(() => {
  const collections = new Set(READS.map((read) => read.collection));
  const reads = ROLES.length * READS.length;
  const allowedReads = ROLES.reduce((sum, role) => sum + READS.filter((read) => read.allowed.includes(role)).length, 0);
  const writes = ROLES.length * WRITABLE_PATHS.length * 4;
  console.log(
    `rules matrix: ${ROLES.length} roles × ${collections.size} collections; ${reads} read cases (${reads - allowedReads} denials), ` +
      `${writes} write cases (all denials)`,
  );
});
