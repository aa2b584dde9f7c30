/**
 * The rules matrix for notices, cancelled lessons and absences: every role × notices,
 * notice_deliveries, absences, absence_mail_days, notice_mail_days and notice_mail_queue, by get and
 * by list, and every kind of write.
 * A family reads the copies of the notices whose audience it was in when they were sent, and its
 * own absence reports, while its membership is active; nobody reads the office's notices or its
 * mail days; admins read none of these either (the console goes through listNotices and
 * listAbsences, which check admin_users); no client writes.
 */
import { ABSENCE_MAIL_DAYS, ABSENCES, DASHBOARD_NOTICES, deliveryId, NOTICE_DELIVERIES, NOTICE_MAIL_DAYS, NOTICE_MAIL_QUEUE, NOTICES } from '@family-portal/contract';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc, updateDoc, where, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsFor, expectAccess, OWN, ROLES, rulesEnvironment, seedMembers, type Role } from './roles';

let env: RulesTestEnvironment;
let dbAs: (role: Role) => Firestore;

/** More than the dashboard reads, so that its limit is seen to hold. */
const OWN_NOTICES = DASHBOARD_NOTICES + 5;
const sentAt = (n: number) => new Date(Date.UTC(2026, 10, 1, 8) + n * 3_600_000).toISOString();
const text = (title: string) => ({ de: { title, body: `${title} <b>nicht fett</b>` } });

/** A family's copy of a notice, as the send function writes it. */
function delivery(noticeId: string, memberId: string, n: number, cancellation: boolean) {
  return {
    noticeId,
    memberId,
    kind: cancellation ? 'cancellation' : 'notice',
    sentAt: sentAt(n),
    texts: text(noticeId),
    languages: ['de'],
    cancellation: cancellation ? { lessonId: 'L1', lessonName: 'Mathe', date: '2026-12-02', roomHourId: null, reason: 'krank' } : null,
    readAt: null,
  };
}

/**
 * The notices sent: N-all to every family (before M4's row was deleted, and while M6, M8 were
 * members); N-lesson and the cancellation N-cancel to lesson L1, which only M1 attends (M3's
 * child attends L3); N-family to M2 alone; and N-old-1… so the parent has more than a dashboard.
 */
const SENT: Array<[noticeId: string, memberIds: string[], cancellation: boolean]> = [
  ['N-all', ['M1', 'M2', 'M3', 'M4', 'M6', 'M8'], false],
  ['N-lesson', ['M1'], false],
  ['N-cancel', ['M1'], true],
  ['N-family', ['M2'], false],
  ...Array.from({ length: OWN_NOTICES - 3 }, (_, i): [string, string[], boolean] => [`N-old-${i + 1}`, ['M1'], false]),
];

beforeAll(async () => {
  env = await rulesEnvironment();
  dbAs = clientsFor(env);
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const put = (path: string, data: object) => setDoc(doc(db, path), data);
    await seedMembers(db);
    // Newest first is N-all, N-lesson, N-cancel, N-family, then the old ones.
    for (const [index, [noticeId, memberIds, cancellation]] of SENT.entries()) {
      const n = SENT.length - index;
      await put(`${NOTICES}/${noticeId}`, { kind: cancellation ? 'cancellation' : 'notice', texts: text(noticeId), sentAt: sentAt(n), recipients: memberIds.length, reads: 0 });
      for (const memberId of memberIds) await put(`${NOTICE_DELIVERIES}/${deliveryId(noticeId, memberId)}`, delivery(noticeId, memberId, n, cancellation));
    }
    for (const memberId of ['M1', 'M2', 'M3', 'M4', 'M6', 'M8']) {
      const absence = { memberId, childId: `C-${memberId}`, lessonIds: ['L1'], to: '2026-12-04', reason: 'Ferien', reportedAt: sentAt(0), reportedBy: 'x@example.com' };
      await put(`${ABSENCES}/A-${memberId}`, { ...absence, from: '2026-12-02' });
      await put(`${ABSENCES}/A-${memberId}-later`, { ...absence, from: '2026-12-10', to: '2026-12-11' });
    }
    await put(`${ABSENCE_MAIL_DAYS}/2026-12-02`, { sentAt: sentAt(0), absences: 2 });
    await put(`${NOTICE_MAIL_DAYS}/2026-12-02`, { mails: 120 });
    await put(`${NOTICE_MAIL_QUEUE}/N-all`, { noticeId: 'N-all', sentAt: sentAt(1), held: 3 });
  });
});
afterAll(() => env.cleanup());

type Read = { collection: string; what: string; allowed: Role[]; read: (db: Firestore) => Promise<unknown> };
const byMember = (db: Firestore, name: string, memberId: string) => getDocs(query(collection(db, name), where('memberId', '==', memberId)));
/** The dashboard's query: the family's newest notices. */
const dashboard = (db: Firestore, memberId: string) =>
  getDocs(query(collection(db, NOTICE_DELIVERIES), where('memberId', '==', memberId), orderBy('sentAt', 'desc'), limit(DASHBOARD_NOTICES)));
/** The plans page's and calendar's query: the family's cancelled lessons. */
const cancellations = (db: Firestore, memberId: string) =>
  getDocs(query(collection(db, NOTICE_DELIVERIES), where('memberId', '==', memberId), where('kind', '==', 'cancellation'), orderBy('sentAt', 'desc')));
const absencesOf = (db: Firestore, memberId: string) => getDocs(query(collection(db, ABSENCES), where('memberId', '==', memberId), orderBy('from')));
const getOne = (name: string, id: string) => (db: Firestore) => getDoc(doc(db, `${name}/${id}`));

const READS: Read[] = [
  // The office's records: no client, not even an admin's browser.
  { collection: NOTICES, what: 'get a notice sent to every family', allowed: [], read: getOne(NOTICES, 'N-all') },
  { collection: NOTICES, what: 'list the notices', allowed: [], read: (db) => getDocs(collection(db, NOTICES)) },
  { collection: NOTICES, what: 'list the newest notices', allowed: [], read: (db) => getDocs(query(collection(db, NOTICES), orderBy('sentAt', 'desc'), limit(20))) },
  { collection: ABSENCE_MAIL_DAYS, what: "get a day's absence e-mail record", allowed: [], read: getOne(ABSENCE_MAIL_DAYS, '2026-12-02') },
  { collection: ABSENCE_MAIL_DAYS, what: 'list the absence e-mail days', allowed: [], read: (db) => getDocs(collection(db, ABSENCE_MAIL_DAYS)) },
  { collection: NOTICE_MAIL_DAYS, what: "get a day's count of notice e-mails", allowed: [], read: getOne(NOTICE_MAIL_DAYS, '2026-12-02') },
  { collection: NOTICE_MAIL_QUEUE, what: 'list the notices whose e-mails wait', allowed: [], read: (db) => getDocs(collection(db, NOTICE_MAIL_QUEUE)) },

  { collection: NOTICE_DELIVERIES, what: "get the parent's copy of a notice to every family", allowed: OWN, read: getOne(NOTICE_DELIVERIES, 'N-all_M1') },
  { collection: NOTICE_DELIVERIES, what: "get the parent's copy of a notice to its lesson", allowed: OWN, read: getOne(NOTICE_DELIVERIES, 'N-lesson_M1') },
  { collection: NOTICE_DELIVERIES, what: "list the parent's newest notices (the dashboard's query)", allowed: OWN, read: (db) => dashboard(db, 'M1') },
  { collection: NOTICE_DELIVERIES, what: "list the parent's cancelled lessons (plans page, calendar)", allowed: OWN, read: (db) => cancellations(db, 'M1') },
  {
    collection: NOTICE_DELIVERIES,
    what: "get another family's copy of a notice to every family",
    allowed: ['member of another family'],
    read: getOne(NOTICE_DELIVERIES, 'N-all_M2'),
  },
  { collection: NOTICE_DELIVERIES, what: "get another family's own notice", allowed: ['member of another family'], read: getOne(NOTICE_DELIVERIES, 'N-family_M2') },
  { collection: NOTICE_DELIVERIES, what: "list another family's notices", allowed: ['member of another family'], read: (db) => dashboard(db, 'M2') },
  // Not in L1's audience: no copy exists, so there is nothing to read (a get of a missing copy is refused).
  { collection: NOTICE_DELIVERIES, what: "get another lesson's family's copy of L1's notice", allowed: [], read: getOne(NOTICE_DELIVERIES, 'N-lesson_M3') },
  { collection: NOTICE_DELIVERIES, what: "list the notices of another lesson's family", allowed: ['parent of another lesson'], read: (db) => dashboard(db, 'M3') },
  { collection: NOTICE_DELIVERIES, what: "get the former member's copy", allowed: [], read: getOne(NOTICE_DELIVERIES, 'N-all_M4') },
  { collection: NOTICE_DELIVERIES, what: "list the former member's notices", allowed: [], read: (db) => byMember(db, NOTICE_DELIVERIES, 'M4') },
  { collection: NOTICE_DELIVERIES, what: "get the ended membership's copy", allowed: [], read: getOne(NOTICE_DELIVERIES, 'N-all_M8') },
  { collection: NOTICE_DELIVERIES, what: "list the ended membership's notices", allowed: [], read: (db) => dashboard(db, 'M8') },
  { collection: NOTICE_DELIVERIES, what: "get the duplicate pair's copy", allowed: [], read: getOne(NOTICE_DELIVERIES, 'N-all_M6') },
  { collection: NOTICE_DELIVERIES, what: "list the duplicate pair's notices", allowed: [], read: (db) => byMember(db, NOTICE_DELIVERIES, 'M6') },
  {
    collection: NOTICE_DELIVERIES,
    what: 'list who got a notice (by notice id)',
    allowed: [],
    read: (db) => getDocs(query(collection(db, NOTICE_DELIVERIES), where('noticeId', '==', 'N-all'))),
  },
  {
    collection: NOTICE_DELIVERIES,
    what: "list with an in filter naming another family's member id",
    allowed: [],
    read: (db) => getDocs(query(collection(db, NOTICE_DELIVERIES), where('memberId', 'in', ['M1', 'M2']))),
  },
  { collection: NOTICE_DELIVERIES, what: 'list all copies', allowed: [], read: (db) => getDocs(collection(db, NOTICE_DELIVERIES)) },

  { collection: ABSENCES, what: "get the parent's absence report", allowed: OWN, read: getOne(ABSENCES, 'A-M1') },
  { collection: ABSENCES, what: "list the parent's absence reports by first day", allowed: OWN, read: (db) => absencesOf(db, 'M1') },
  { collection: ABSENCES, what: "get another family's report", allowed: ['member of another family'], read: getOne(ABSENCES, 'A-M2') },
  { collection: ABSENCES, what: "list another family's reports", allowed: ['member of another family'], read: (db) => absencesOf(db, 'M2') },
  { collection: ABSENCES, what: "list another lesson's family's reports", allowed: ['parent of another lesson'], read: (db) => absencesOf(db, 'M3') },
  { collection: ABSENCES, what: "get the former member's report", allowed: [], read: getOne(ABSENCES, 'A-M4') },
  { collection: ABSENCES, what: "list the former member's reports", allowed: [], read: (db) => byMember(db, ABSENCES, 'M4') },
  { collection: ABSENCES, what: "get the ended membership's report", allowed: [], read: getOne(ABSENCES, 'A-M8') },
  { collection: ABSENCES, what: "list the ended membership's reports", allowed: [], read: (db) => absencesOf(db, 'M8') },
  { collection: ABSENCES, what: "list the duplicate pair's reports", allowed: [], read: (db) => byMember(db, ABSENCES, 'M6') },
  {
    collection: ABSENCES,
    what: "list a lesson's absences (the office's list)",
    allowed: [],
    read: (db) => getDocs(query(collection(db, ABSENCES), where('lessonIds', 'array-contains', 'L1'))),
  },
  { collection: ABSENCES, what: 'list all reports', allowed: [], read: (db) => getDocs(collection(db, ABSENCES)) },
];

// Reads only, so a role's reads run side by side.
describe.concurrent.each(ROLES)('reads as %s', (role) => {
  it.each(READS.map((r) => [`${r.collection}: ${r.what}`, r] as const))('%s', async (_what, { allowed, read }) => {
    await expectAccess(allowed.includes(role), read(dbAs(role)));
  });
});

const ids = (snapshot: { docs: Array<{ id: string }> }) => snapshot.docs.map((d) => d.id);

describe('what the allowed reads return', () => {
  it(`the dashboard gets the family's ${DASHBOARD_NOTICES} newest notices, newest first, in either spelling of the e-mail`, async () => {
    const newest = SENT.filter(([, memberIds]) => memberIds.includes('M1')).slice(0, DASHBOARD_NOTICES).map(([noticeId]) => deliveryId(noticeId, 'M1'));
    for (const role of OWN) expect(ids(await assertSucceeds(dashboard(dbAs(role), 'M1'))), role).toEqual(newest);
    expect(newest.slice(0, 3)).toEqual(['N-all_M1', 'N-lesson_M1', 'N-cancel_M1']);
  });

  it('the plans page gets only the cancelled lessons, with what was cancelled', async () => {
    const snapshot = await assertSucceeds(cancellations(dbAs('own member'), 'M1'));
    expect(snapshot.docs.map((d) => [d.id, d.get('cancellation.date')])).toEqual([['N-cancel_M1', '2026-12-02']]);
  });

  it("a family of another lesson gets the notice to every family, nothing of L1's notice or cancellation", async () => {
    expect(ids(await assertSucceeds(dashboard(dbAs('parent of another lesson'), 'M3')))).toEqual(['N-all_M3']);
    expect(ids(await assertSucceeds(cancellations(dbAs('parent of another lesson'), 'M3')))).toEqual([]);
  });

  it('another family gets its own notices, the one to it alone among them', async () => {
    expect(ids(await assertSucceeds(dashboard(dbAs('member of another family'), 'M2')))).toEqual(['N-all_M2', 'N-family_M2']);
  });

  it("a family gets its own absence reports, by first day, and nobody else's", async () => {
    expect(ids(await assertSucceeds(absencesOf(dbAs('own member, mixed-case e-mail'), 'M1')))).toEqual(['A-M1', 'A-M1-later']);
    await assertFails(absencesOf(dbAs('own member'), 'M2'));
  });
});

const WRITABLE_PATHS = [
  `${NOTICES}/N-all`,
  `${NOTICE_DELIVERIES}/N-all_M1`,
  `${NOTICE_DELIVERIES}/N-family_M2`,
  `${ABSENCES}/A-M1`,
  `${ABSENCES}/A-M2`,
  `${ABSENCE_MAIL_DAYS}/2026-12-02`,
  `${NOTICE_MAIL_DAYS}/2026-12-02`,
  `${NOTICE_MAIL_QUEUE}/N-all`,
];

describe.each(ROLES)('writes as %s', (role) => {
  it.each(WRITABLE_PATHS)('cannot create, update or delete %s', async (path) => {
    const db = dbAs(role);
    const [name] = path.split('/');
    // What a family would most like to write: its own absence, a notice marked read, a new notice.
    const data = { memberId: 'M1', noticeId: 'N-all', kind: 'notice', readAt: '2026-12-01T10:00:00.000Z', from: '2026-12-02', to: '2026-12-02' };
    await assertFails(setDoc(doc(db, `${name}/new-doc`), data));
    await assertFails(setDoc(doc(db, `${NOTICE_DELIVERIES}/${deliveryId('N-new', 'M1')}`), data));
    await assertFails(setDoc(doc(db, path), data));
    await assertFails(updateDoc(doc(db, path), { readAt: '2026-12-01T10:00:00.000Z' }));
    await assertFails(deleteDoc(doc(db, path)));
  });
});

/** The matrix in figures, for the closing note. */
afterAll(() => {
  const reads = ROLES.length * READS.length;
  const allowedReads = ROLES.reduce((sum, role) => sum + READS.filter((read) => read.allowed.includes(role)).length, 0);
  console.log(
    `notices rules matrix: ${ROLES.length} roles × ${new Set(READS.map((read) => read.collection)).size} collections; ` +
      `${reads} read cases (${reads - allowedReads} denials), ${ROLES.length * WRITABLE_PATHS.length * 5} write cases (all denials)`,
  );
});
