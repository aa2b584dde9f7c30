/**
 * The e-mail about the office's decision on a booking request, against the emulators: a parent
 * who turned "booking decisions" on gets one e-mail per decision in their language, with the
 * course, the quarter, the times and the office's note, however often and however concurrently it
 * is asked for; a parent who did not, a former member, and a parent who turned it on only after the
 * decision get nothing; a decision older than 14 days sends nothing (a first full sync of an old
 * app); the e-mail's unsubscribe link turns the kind off. An older web app's three-kind save is
 * accepted and keeps the stored choice. After a sync, the decisions the office made in AppSheet
 * itself are sent the same way.
 */
import { MAIL, MEMBER_EMAILS, NOTIFICATION_CHOICES, OFFER_CATALOGUE } from '@family-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBookingDecisionMails } from '../../functions/src/notifications/bookingMail';
import { notifyParentsAfterSync } from '../../functions/src/notifications/afterSync';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { createAccount, functionUrl, idTokenFor } from '../support/auth';
import { DEMO_MAIL_SETTINGS } from '../support/mailSettings';

const { db, auth } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'booking-mail-admin@example.com';
const settings = DEMO_MAIL_SETTINGS;
const deps = { auth, settingsOf: () => settings };
const send = (requestIds: string[] | 'recent') => sendBookingDecisionMails(db, requestIds, deps);

async function call(name: string, token: string | null, body?: unknown, method = 'POST') {
  const response = await fetch(functionUrl(name), {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

interface Mail {
  to: string;
  uid: string;
  message: { subject: string; text: string; html: string };
}
const mailsTo = async (email: string) => (await db.collection(MAIL).where('to', '==', email).get()).docs.map((doc) => doc.data() as Mail);

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
/** A decision made now: after the opt-ins of beforeAll. */
const justNow = () => new Date().toISOString();
const QUARTER = 'Q-BKM-NEXT';

/** A family of this file's own: member, index entry, one child, and the parent's account. */
async function family(n: number, email: string) {
  const memberId = `M-BKM-${n}`;
  await db.doc(`members/${memberId}`).set({ primaryName: `Parent ${n}`, primaryEmail: email, status: 'active', balance: 0 });
  await db.doc(`${MEMBER_EMAILS}/${email}`).set({ memberId });
  await db.doc(`children/C-BKM-${n}`).set({ memberId, name: `Child ${n}`, status: 'active' });
  await createAccount(email);
  return { memberId, email, childId: `C-BKM-${n}` };
}

/** The mirror of a Course Requests row as the sync or the console writes it. */
async function request(id: string, memberId: string, childId: string, fields: { status: string; decidedAt: string | null; lessonId?: string; note?: string | null }) {
  const lessonId = fields.lessonId ?? 'L-BKM-1';
  await db.doc(`bookingRequests/${id}`).set({
    childId,
    memberId,
    quarterId: QUARTER,
    lessonId,
    offerId: lessonId === 'L-BKM-1' ? 'O-BKM-1' : null,
    roomHourIds: lessonId === 'L-BKM-1' ? ['RH-BKM-1b', 'RH-BKM-1a'] : ['RH-BKM-2'],
    weeks: 12,
    status: fields.status,
    requestedAt: hoursAgo(24 * 20),
    requestedBy: null,
    note: fields.note ?? null,
    decidedAt: fields.decidedAt,
    planId: null,
  });
}

const optIn = async (email: string, choices: Record<string, unknown>) => expect((await call('setNotificationChoices', await idTokenFor(email), choices)).status).toBe(200);
const ALL_OFF = { paymentDue: false, paymentReceived: false, cancellationConfirmed: false };

let anna: Awaited<ReturnType<typeof family>>;
let ben: Awaited<ReturnType<typeof family>>;
let carla: Awaited<ReturnType<typeof family>>;
let dora: Awaited<ReturnType<typeof family>>;

/** A demo family's waiting request that the office decides in AppSheet, put back afterwards. */
let waiting: { id: string; email: string } | null = null;

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  await createAccount(ADMIN, { admin: true });
  // The quarter's catalogue names the offered course and its room hours; the second course is
  // no longer in it and is named from the lessons and roomHours the sync keeps.
  await db.doc(`${OFFER_CATALOGUE}/${QUARTER}`).set({
    quarter: { id: QUARTER, name: '2027 Q1', firstDay: '2027-01-04', lastDay: '2027-03-26' },
    offers: [
      {
        offerId: 'O-BKM-1',
        lessonId: 'L-BKM-1',
        lessonName: 'Klavier',
        teacherName: 'Frau Lind',
        hours: 1,
        pricePerHour: 20,
        extrasPerQuarter: 0,
        weeks: 12,
        places: 3,
        requestsUntil: '2026-12-20',
        roomHours: [
          { id: 'RH-BKM-1a', dayOfWeek: 'Mo.', hourRefLabel: '3 15:00-15:45', roomName: 'Musikraum' },
          { id: 'RH-BKM-1b', dayOfWeek: 'Do.', hourRefLabel: '4 16:00-16:45', roomName: 'Musikraum' },
        ],
      },
    ],
  });
  await db.doc('lessons/L-BKM-2').set({ name: 'Gitarre', pricePerHour: 18 });
  await db.doc('roomHours/RH-BKM-2').set({ lessonId: 'L-BKM-2', dayOfWeek: 'Mi.', hourRefLabel: '2 14:00-14:45', roomName: 'Raum 7' });

  anna = await family(1, 'anna.bkm@example.com');
  ben = await family(2, 'ben.bkm@example.com');
  carla = await family(3, 'carla.bkm@example.com');
  dora = await family(4, 'dora.bkm@example.com');
  await optIn(anna.email, { ...ALL_OFF, bookingDecided: true, language: 'ru' });
  // An older web app's body, without the kind: accepted, and the kind stays off.
  await optIn(ben.email, { ...ALL_OFF, paymentDue: true, language: 'de' });
  await optIn(carla.email, { ...ALL_OFF, bookingDecided: true, language: 'en' });
});

afterAll(async () => {
  if (waiting) await appSheet.edit('Course Requests', [{ 'Request ID': waiting.id, Status: 'Angefragt', 'Decided At': '', Note: '' }]);
  await clearFirestore();
});

describe('the e-mail about a booking decision', () => {
  it('goes once to an opted-in parent, in their language, with the course, the quarter, the times, the note and an unsubscribe link', async () => {
    await request('REQ-BKM-1', anna.memberId, anna.childId, { status: 'confirmed', decidedAt: justNow(), note: 'Bitte <b>Noten</b> & Stifte mitbringen.' });
    expect(await send(['REQ-BKM-1'])).toMatchObject({ written: 1 });
    // Asked again, and twice at once (the console's call and a sync's): nothing more.
    await send(['REQ-BKM-1']);
    await Promise.all([send(['REQ-BKM-1', 'REQ-BKM-1']), send('recent')]);

    const mails = await mailsTo(anna.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [Mail];
    expect(mail.uid).toBe((await auth.getUserByEmail(anna.email)).uid);
    expect(mail.message.subject).toBe('Семейный портал: место для Child 1 на занятии «Klavier» подтверждено');
    expect(mail.message.text).toContain('Здравствуйте, Parent 1!');
    expect(mail.message.text).toContain('Канцелярия школы подтвердила вашу заявку для Child 1: «Klavier», четверть 2027 Q1.');
    expect(mail.message.text).toContain('Время: Понедельник 15:00-15:45 (Musikraum); Четверг 16:00-16:45 (Musikraum)\nРешение: Подтверждено');
    expect(mail.message.text).toContain('Примечание канцелярии школы: Bitte <b>Noten</b> & Stifte mitbringen.');
    expect(mail.message.html).toContain('Bitte &lt;b&gt;Noten&lt;/b&gt; &amp; Stifte mitbringen.');
    expect(mail.message.text).toContain('Ваши заявки на портале: http://127.0.0.1:5173/booking');
    expect(mail.message.text).toMatch(/Отписаться: http:\/\/127\.0\.0\.1:5173\/unsubscribe\?token=[\w.-]+/);
  });

  it('names a course the catalogue no longer has from the lessons and room hours, and says a decline', async () => {
    await request('REQ-BKM-2', anna.memberId, anna.childId, { status: 'declined', decidedAt: justNow(), lessonId: 'L-BKM-2' });
    await send(['REQ-BKM-2']);
    const declined = (await mailsTo(anna.email)).filter((mail) => mail.message.subject.includes('Gitarre'));
    expect(declined.map((mail) => mail.message.subject)).toEqual(['Семейный портал: заявка для Child 1 на занятие «Gitarre» отклонена']);
    expect(declined[0]!.message.text).toContain('Время: Среда 14:00-14:45 (Raum 7)\nРешение: Отклонено');
    expect(declined[0]!.message.text).not.toContain('Примечание');
  });

  it('sends nothing for a request still waiting or withdrawn, and nothing to a parent who did not turn it on', async () => {
    await request('REQ-BKM-3', anna.memberId, anna.childId, { status: 'requested', decidedAt: null, lessonId: 'L-BKM-3' });
    await request('REQ-BKM-4', anna.memberId, anna.childId, { status: 'withdrawn', decidedAt: hoursAgo(1), lessonId: 'L-BKM-4' });
    await request('REQ-BKM-5', ben.memberId, ben.childId, { status: 'confirmed', decidedAt: hoursAgo(1) });
    const before = (await mailsTo(anna.email)).length;
    expect(await send(['REQ-BKM-3', 'REQ-BKM-4', 'REQ-BKM-5'])).toMatchObject({ written: 0 });
    expect(await mailsTo(anna.email)).toHaveLength(before);
    expect(await mailsTo(ben.email)).toEqual([]);
    expect((await call('getNotificationChoices', await idTokenFor(ben.email), undefined, 'GET')).body.data).toMatchObject({ paymentDue: true, bookingDecided: false });
  });

  it('sends nothing to a former member, and forgets the choices', async () => {
    // The membership ended: the sync took the address out of the index; the documents stay.
    await db.doc(`${MEMBER_EMAILS}/${carla.email}`).delete();
    await request('REQ-BKM-6', carla.memberId, carla.childId, { status: 'confirmed', decidedAt: justNow() });
    expect(await send(['REQ-BKM-6'])).toMatchObject({ written: 0, forgotten: 1 });
    expect(await mailsTo(carla.email)).toEqual([]);
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${(await auth.getUserByEmail(carla.email)).uid}`).get()).exists).toBe(false);
  });

  it('sends nothing about a decision older than 14 days, named or among the recent ones', async () => {
    // Opted in long ago, so that only the decision's age holds it back.
    const uid = (await auth.getUserByEmail(anna.email)).uid;
    await db.doc(`${NOTIFICATION_CHOICES}/${uid}`).update({ 'baseline.bookingsSince': hoursAgo(24 * 60) });
    await request('REQ-BKM-7', anna.memberId, anna.childId, { status: 'confirmed', decidedAt: hoursAgo(24 * 15), lessonId: 'L-BKM-7' });
    const before = (await mailsTo(anna.email)).length;
    expect(await send(['REQ-BKM-7'])).toMatchObject({ decided: 0, written: 0 });
    expect(await send('recent')).toMatchObject({ written: 0 });
    expect(await mailsTo(anna.email)).toHaveLength(before);
  });

  it('sends nothing about a decision made before the parent turned it on', async () => {
    await request('REQ-BKM-8', dora.memberId, dora.childId, { status: 'confirmed', decidedAt: hoursAgo(1) });
    await optIn(dora.email, { ...ALL_OFF, bookingDecided: true, language: 'de' });
    await send(['REQ-BKM-8']);
    expect(await mailsTo(dora.email)).toEqual([]);
    // A decision after it is sent.
    await request('REQ-BKM-9', dora.memberId, dora.childId, { status: 'declined', decidedAt: justNow(), lessonId: 'L-BKM-2' });
    await send(['REQ-BKM-8', 'REQ-BKM-9']);
    expect((await mailsTo(dora.email)).map((mail) => mail.message.subject)).toEqual(['Familienportal: Kursanfrage für Child 4 in Gitarre abgelehnt']);
  });

  it("keeps the kind on when an older web app saves its three kinds, and the e-mail's link turns it off", async () => {
    const token = await idTokenFor(anna.email);
    const older = await call('setNotificationChoices', token, { ...ALL_OFF, paymentReceived: true, language: 'ru' });
    expect(older).toMatchObject({ status: 200, body: { data: { paymentReceived: true, bookingDecided: true } } });

    const [mail] = await mailsTo(anna.email);
    const link = /\/unsubscribe\?token=([\w.-]+)/.exec(mail!.message.text)![1]!;
    expect(await call('unsubscribe', null, { token: link })).toMatchObject({ status: 200, body: { kind: 'bookingDecided' } });
    expect((await call('getNotificationChoices', token, undefined, 'GET')).body.data).toMatchObject({ paymentReceived: true, bookingDecided: false });

    const before = (await mailsTo(anna.email)).length;
    await request('REQ-BKM-10', anna.memberId, anna.childId, { status: 'confirmed', decidedAt: justNow(), lessonId: 'L-BKM-2' });
    await send(['REQ-BKM-10']);
    expect(await mailsTo(anna.email)).toHaveLength(before);
  });
});

describe('after a sync', () => {
  it("sends the decisions of the requests a delta wrote, and after a full sync every recent one it has not sent", async () => {
    const [eva] = [await family(5, 'eva.bkm@example.com')];
    await optIn(eva.email, { ...ALL_OFF, bookingDecided: true, language: 'en' });
    await request('REQ-BKM-11', eva.memberId, eva.childId, { status: 'confirmed', decidedAt: justNow() });
    await request('REQ-BKM-12', eva.memberId, eva.childId, { status: 'declined', decidedAt: justNow(), lessonId: 'L-BKM-2' });

    await notifyParentsAfterSync(db, { memberIds: [], paymentIds: [], bookingRequestIds: ['REQ-BKM-11'] }, deps);
    expect((await mailsTo(eva.email)).map((mail) => mail.message.subject)).toEqual(["Family Portal: Child 5's place in Klavier is confirmed"]);
    await notifyParentsAfterSync(db, 'all', deps);
    expect((await mailsTo(eva.email)).map((mail) => mail.message.subject).sort()).toEqual([
      "Family Portal: Child 5's booking request for Gitarre was declined",
      "Family Portal: Child 5's place in Klavier is confirmed",
    ]);
  });

  it('sends the decision the office made in AppSheet itself, once, after the sync that brought it', async () => {
    const requests = await db.collection('bookingRequests').where('status', '==', 'requested').get();
    const candidates = await Promise.all(
      requests.docs.map(async (doc) => {
        const email = (await db.doc(`members/${doc.get('memberId')}`).get()).get('primaryEmail') as string | undefined;
        return email && (await db.doc(`${MEMBER_EMAILS}/${email}`).get()).get('memberId') === doc.get('memberId') ? { id: doc.id, email, lessonId: doc.get('lessonId') as string } : null;
      }),
    );
    const chosen = candidates.find((candidate) => candidate !== null);
    expect(chosen, 'the demo school has a waiting request of an indexed family').toBeTruthy();
    waiting = { id: chosen!.id, email: chosen!.email };
    await createAccount(waiting.email);
    await optIn(waiting.email, { ...ALL_OFF, bookingDecided: true, language: 'de' });

    await appSheet.edit('Course Requests', [{ 'Request ID': waiting.id, Status: 'Abgelehnt', 'Decided At': new Date(Date.now() + 1000).toISOString(), Note: 'Die Gruppe ist voll.' }]);
    const deltaSync = async () => expect((await call('triggerDeltaSync', await idTokenFor(ADMIN))).status).toBe(200);
    await deltaSync();
    await deltaSync();
    const mails = await mailsTo(waiting.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toMatch(/^Familienportal: Kursanfrage für .+ abgelehnt$/);
    expect(mails[0]!.message.text).toContain('Hinweis des Schulbüros: Die Gruppe ist voll.');
    expect(mails[0]!.message.text).toContain('Entscheidung: Abgelehnt');
    expect(mails[0]!.message.text).toMatch(new RegExp(`Abbestellen: http://127\\.0\\.0\\.1:${PORTS.app}/unsubscribe\\?token=`));
  });
});
