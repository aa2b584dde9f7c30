/**
 * The family's notices, cancelled lessons and absence reports as the family store reads them in
 * the Firestore worker (src/data/notices.ts): the real web SDK against the emulator and its rules.
 * A family reads the newest DASHBOARD_NOTICES of its own copies, its cancellations and its
 * reports; a family whose membership ended, and a read under another family's id, get none.
 */
import * as contract from '@family-portal/contract';
import { ABSENCES, DASHBOARD_NOTICES, deliveryId, MEMBER_EMAILS, NOTICE_DELIVERIES } from '@family-portal/contract';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import * as fs from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthFromPage } from '../../src/data/authFromPage';
import { provideAuthToFirestore } from '../../src/data/firebaseInterop';
import { CORRESPONDENCE_REFUSED, noticeQueries } from '../../src/data/notices';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from '../../tools/lib/stack';
import { createAccount, idTokenFor } from '../support/auth';

const { db: admin } = emulatorAdmin();
const apps: FirebaseApp[] = [];
const family = { email: 'notices.store@example.com', memberId: 'MNS1' };
const ended = { email: 'notices.ended@example.com', memberId: 'MNS2' };
const other = { memberId: 'MNS3' };
/** More than the dashboard reads. */
const NOTICES = DASHBOARD_NOTICES + 10;
const sentAt = (n: number) => new Date(Date.UTC(2026, 10, 1, 8) + n * 60_000).toISOString();

const delivery = (n: number, memberId: string, cancelled: boolean) => ({
  noticeId: `NS-${n}`,
  memberId,
  kind: cancelled ? 'cancellation' : 'notice',
  sentAt: sentAt(n),
  texts: { de: { title: `Mitteilung ${n}`, body: 'Siehe <a href="x">hier</a>' } },
  languages: ['de'],
  cancellation: cancelled ? { lessonId: 'LNS1', lessonName: 'Mathe', date: '2026-12-02', roomHourId: null, reason: 'krank' } : null,
  readAt: n === 1 ? sentAt(2) : null,
});

const absence = (memberId: string, from: string) => ({
  memberId,
  childId: `${memberId}-C1`,
  lessonIds: ['LNS1'],
  from,
  to: from,
  reason: '',
  reportedAt: sentAt(0),
  reportedBy: family.email,
});

/** Everything the test writes, to take it back afterwards. */
const written: string[] = [];

async function queriesOf(email: string) {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, `notices-store-${apps.length}`);
  apps.push(app);
  const user = await createAccount(email);
  const auth = new AuthFromPage(() => idTokenFor(email));
  provideAuthToFirestore(app, auth);
  const db = fs.initializeFirestore(app, {});
  fs.connectFirestoreEmulator(db, EMULATOR_HOST, PORTS.firestore);
  auth.userChanged(user.uid);
  return noticeQueries(fs, db, contract);
}

beforeAll(async () => {
  const batch = admin.batch();
  const put = (path: string, data: object) => {
    written.push(path);
    batch.set(admin.doc(path), data);
  };
  for (const member of [family, ended]) {
    put(`${MEMBER_EMAILS}/${member.email}`, { memberId: member.memberId });
    put(`members/${member.memberId}`, { primaryEmail: member.email, status: member === family ? 'active' : 'inactive' });
  }
  // Every fifth notice a cancellation; the other family and the ended one have copies too.
  for (let n = 1; n <= NOTICES; n += 1) put(`${NOTICE_DELIVERIES}/${deliveryId(`NS-${n}`, family.memberId)}`, delivery(n, family.memberId, n % 5 === 0));
  for (const member of [ended, other]) put(`${NOTICE_DELIVERIES}/${deliveryId('NS-1', member.memberId)}`, delivery(1, member.memberId, true));
  put(`${ABSENCES}/ANS-2`, absence(family.memberId, '2026-12-09'));
  put(`${ABSENCES}/ANS-1`, absence(family.memberId, '2026-12-02'));
  put(`${ABSENCES}/ANS-3`, absence(other.memberId, '2026-12-02'));
  put(`${ABSENCES}/ANS-4`, absence(ended.memberId, '2026-12-02'));
  await batch.commit();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  // The next suites find Firestore as they would without this one.
  const batch = admin.batch();
  for (const path of written) batch.delete(admin.doc(path));
  await batch.commit();
});

describe("the family store's notices and absences", () => {
  it(`reads the family's ${DASHBOARD_NOTICES} newest notices, newest first, its cancellations and its absences by first day`, async () => {
    const queries = await queriesOf(family.email);
    const [notices, cancellations, absences] = await Promise.all([
      queries.notices(family.memberId),
      queries.cancellations(family.memberId),
      queries.absences(family.memberId),
    ]);
    expect(notices.map((notice) => notice.noticeId)).toEqual(Array.from({ length: DASHBOARD_NOTICES }, (_, i) => `NS-${NOTICES - i}`));
    expect(notices[0]?.texts.de?.body).toBe('Siehe <a href="x">hier</a>');
    expect(cancellations.map((notice) => [notice.noticeId, notice.cancellation?.date])).toEqual(
      [30, 25, 20, 15, 10, 5].map((n) => [`NS-${n}`, '2026-12-02']),
    );
    expect(absences.map((entry) => [entry.id, entry.from])).toEqual([['ANS-1', '2026-12-02'], ['ANS-2', '2026-12-09']]);
  });

  it('reads the older notices a page at a time after the newest, and one notice by its id', async () => {
    const queries = await queriesOf(family.email);
    const newest = await queries.notices(family.memberId);
    const page = await queries.olderNotices(family.memberId, newest.at(-1)!);
    // 30 in all: the 10 older than the newest 20, and no more after them.
    expect(page.notices.map((notice) => notice.noticeId)).toEqual(Array.from({ length: NOTICES - DASHBOARD_NOTICES }, (_, i) => `NS-${NOTICES - DASHBOARD_NOTICES - i}`));
    expect(page.more).toBe(false);
    expect((await queries.notice(family.memberId, 'NS-3'))?.texts.de?.title).toBe('Mitteilung 3');
    expect(await queries.notice(family.memberId, 'NS-none')).toBeNull();
    // Another family's notice by its id, or the ended family's own: none.
    expect(await queries.notice(other.memberId, 'NS-1')).toBeNull();
    expect(await (await queriesOf(ended.email)).notice(ended.memberId, 'NS-1')).toBeNull();
  });

  // The data layer says the rules refused (so that the page forgets what it kept of the family,
  // DataProvider); the screens then show none (familyData.ts, DataProvider.cache.test.tsx).
  it("reads none of another family's notices or absences: the rules refuse, and the data layer says so", async () => {
    const queries = await queriesOf(family.email);
    await expect(queries.notices(other.memberId)).rejects.toThrow(CORRESPONDENCE_REFUSED);
    await expect(queries.cancellations(other.memberId)).rejects.toThrow(CORRESPONDENCE_REFUSED);
    await expect(queries.absences(other.memberId)).rejects.toThrow(CORRESPONDENCE_REFUSED);
  });

  it('reads none of its own for a family whose membership ended', async () => {
    const queries = await queriesOf(ended.email);
    await expect(queries.notices(ended.memberId)).rejects.toThrow(CORRESPONDENCE_REFUSED);
    await expect(queries.cancellations(ended.memberId)).rejects.toThrow(CORRESPONDENCE_REFUSED);
    await expect(queries.absences(ended.memberId)).rejects.toThrow(CORRESPONDENCE_REFUSED);
  });
});
