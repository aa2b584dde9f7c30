/**
 * A family's data to take away and the end of a portal account, through the Functions emulator:
 * the export is compared field by field with the emulator's documents; the deletion removes the
 * account and the portal's records of it, and nothing of the membership.
 */
import { ABSENCES, deliveryId, MEMBER_EMAILS, NOTICE_DELIVERIES, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { backdateAccount, createAccount, craftedToken, functionUrl, idTokenFor } from '../support/auth';

const { db, auth } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });

const call = async (name: string, token: string, method = 'POST') => {
  const response = await fetch(functionUrl(name), { method, headers: { Authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const docsOf = async (collection: string, memberId: string) =>
  (await db.collection(collection).where('memberId', '==', memberId).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() })).sort((a, b) => a.id.localeCompare(b.id));

/** The member with the most plans (and so courses, teachers and room hours to export). */
let memberId = '';
let email = '';

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  const plans = await db.collection('plans').get();
  const counts = new Map<string, number>();
  for (const plan of plans.docs) counts.set(plan.get('memberId'), (counts.get(plan.get('memberId')) ?? 0) + 1);
  memberId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  email = (await db.doc(`members/${memberId}`).get()).get('primaryEmail');
});
beforeEach(async () => {
  await createAccount(email);
});
afterAll(() => clearFirestore());

describe('exportMyData', () => {
  it("gives the family's documents as stored, each plan with its course, teacher and room hours, its requests, notices and absences, and the account", async () => {
    const user = await auth.getUserByEmail(email);
    await db.doc(`${NOTIFICATION_CHOICES}/${user.uid}`).set({ paymentDue: true, language: 'de' });
    await db.doc('push_subscriptions/export-device').set({ uid: user.uid, email, memberId, endpoint: 'https://fcm.googleapis.com/fcm/send/export', keys: { p256dh: 'p', auth: 'a' }, createdAt: '2026-12-01T08:00:00.000Z', browser: 'Firefox', system: 'Android', lastPushAt: '2026-12-02T07:30:00.000Z' });
    // The portal's own records of the family, and the same of another family, which stays out.
    const otherMember = (await db.collection('members').where('primaryEmail', '!=', email).limit(1).get()).docs[0]!.id;
    for (const [owner, suffix] of [[memberId, 'own'], [otherMember, 'other']] as const) {
      await db.doc(`bookingRequests/REQ-export-${suffix}`).set({ memberId: owner, childId: 'C-export', quarterId: 'Q-export', lessonId: 'L-export', roomHourIds: ['R1'], weeks: 10, status: 'requested', requestedBy: email, note: '' });
      await db.doc(`${NOTICE_DELIVERIES}/${deliveryId(`N-export-${suffix}`, owner)}`).set({ noticeId: `N-export-${suffix}`, memberId: owner, kind: 'notice', sentAt: '2026-11-01T08:00:00.000Z', texts: { de: { title: 'Elternabend', body: 'Am Freitag.' } }, languages: ['de'], cancellation: null, readAt: '2026-11-02T18:00:00.000Z' });
      await db.doc(`${ABSENCES}/A-export-${suffix}`).set({ memberId: owner, childId: 'C-export', lessonIds: ['L-export'], from: '2026-12-01', to: '2026-12-02', reason: 'Grippe', reportedAt: '2026-11-28T08:00:00.000Z', reportedBy: email });
      await db.doc(`mandate_views/MNDT-export-${suffix}`).set({ id: `MNDT-export-${suffix}`, memberId: owner, accountHolder: 'Anna Müller', ibanMasked: 'DE•• •••• •••• •••• ••30 00', bic: null, signedAt: '2026-11-01T08:00:00.000Z', signedBy: email, status: 'active', revokedAt: null });
    }
    const { status, body } = await call('exportMyData', await idTokenFor(email), 'GET');
    expect(status).toBe(200);
    const data = body.data;

    expect(data.account).toEqual({ email, createdAt: new Date(user.metadata.creationTime).toISOString() });
    expect(data.member).toEqual({ id: memberId, ...(await db.doc(`members/${memberId}`).get()).data() });
    expect(data.children).toEqual(await docsOf('children', memberId));
    expect(data.payments).toEqual(await docsOf('payments', memberId));
    expect(data.otherPayments).toEqual(await docsOf('otherPayments', memberId));
    expect(data.notificationChoices).toEqual({ id: user.uid, paymentDue: true, language: 'de' });
    expect(data.pushDevices).toEqual([{ createdAt: '2026-12-01T08:00:00.000Z', pushService: 'fcm.googleapis.com', browser: 'Firefox', system: 'Android', lastPushAt: '2026-12-02T07:30:00.000Z' }]);
    expect(data.bookingRequests).toEqual(await docsOf('bookingRequests', memberId));
    expect(data.notices).toEqual(await docsOf(NOTICE_DELIVERIES, memberId));
    expect(data.absences).toEqual(await docsOf(ABSENCES, memberId));
    expect(data.mandates).toEqual(await docsOf('mandate_views', memberId));
    expect(data.mandates.map((mandate: { id: string }) => mandate.id)).toEqual(['MNDT-export-own']);
    expect(data.bookingRequests.map((request: { id: string }) => request.id)).toContain('REQ-export-own');
    expect(data.notices).toContainEqual(expect.objectContaining({ noticeId: 'N-export-own', readAt: '2026-11-02T18:00:00.000Z' }));
    expect(data.absences).toEqual([expect.objectContaining({ id: 'A-export-own', reason: 'Grippe' })]);

    const plans = await docsOf('plans', memberId);
    expect(plans.length).toBeGreaterThan(1);
    expect(data.plans.map(({ course, roomHours, ...plan }: Record<string, unknown>) => plan)).toEqual(plans);
    for (const exported of data.plans) {
      const lesson = (await db.doc(`lessons/${exported.lessonId}`).get()).data()!;
      const teacher = (await db.doc(`teachers/${lesson.teacherId}`).get()).data()!;
      expect(exported.course).toEqual({ id: exported.lessonId, ...lesson, teacher: { id: lesson.teacherId, ...teacher } });
      const roomHours = await Promise.all(exported.roomHourIds.map(async (id: string) => ({ id, ...(await db.doc(`roomHours/${id}`).get()).data() })));
      expect(exported.roomHours).toEqual(roomHours);
    }
    // Nothing of another family.
    const memberIds = [...JSON.stringify(data).matchAll(/"memberId":"([^"]*)"/g)].map((match) => match[1]);
    expect(memberIds.length).toBeGreaterThan(3);
    expect(new Set(memberIds)).toEqual(new Set([memberId]));
  });

  it('refuses a caller without a verified account, and one who is not a member', async () => {
    expect((await call('exportMyData', craftedToken({ email }), 'GET')).status).toBe(401);
    await createAccount('stranger@example.com');
    expect(await call('exportMyData', await idTokenFor('stranger@example.com'), 'GET')).toMatchObject({ status: 404, body: { error: 'not-a-member' } });
  });
});

describe('deleteMyAccount', () => {
  it('deletes the account, its e-mail choices, calendar address and write claim; the membership and its documents stay', async () => {
    const user = await auth.getUserByEmail(email);
    await db.doc(`${NOTIFICATION_CHOICES}/${user.uid}`).set({ paymentDue: true });
    await db.doc(`member_writes/${memberId}`).set({ cancellationSince: '2026-01-01T00:00:00.000Z' });
    await db.doc('calendar_feeds/feed-of-this-account').set({ uid: user.uid, email, memberId, language: 'de', createdAt: '2026-11-01T00:00:00.000Z' });
    const before = await Promise.all([db.doc(`members/${memberId}`).get(), db.doc(`${MEMBER_EMAILS}/${email}`).get(), docsOf('plans', memberId), docsOf('payments', memberId)]);
    const token = await idTokenFor(email);

    const { status, body } = await call('deleteMyAccount', token);
    expect(status).toBe(200);
    expect(body.message).toContain('membership');

    await expect(auth.getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    await expect(idTokenFor(email)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${user.uid}`).get()).exists).toBe(false);
    expect((await db.doc(`member_writes/${memberId}`).get()).exists).toBe(false);
    expect((await db.doc('calendar_feeds/feed-of-this-account').get()).exists).toBe(false);
    const after = await Promise.all([db.doc(`members/${memberId}`).get(), db.doc(`${MEMBER_EMAILS}/${email}`).get(), docsOf('plans', memberId), docsOf('payments', memberId)]);
    expect(after[0].data()).toEqual(before[0].data());
    expect(after[1].data()).toEqual(before[1].data());
    expect(after[2]).toEqual(before[2]);
    expect(after[3]).toEqual(before[3]);
    // The old token is refused now: revocation is checked.
    expect((await call('exportMyData', token, 'GET')).status).toBe(401);
  });

  it('needs the password entered within 5 minutes: an older sign-in deletes nothing', async () => {
    const user = await auth.getUserByEmail(email);
    await db.doc(`${NOTIFICATION_CHOICES}/${user.uid}`).set({ paymentDue: true });
    await backdateAccount(user.uid, 60 * 60);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const stale = craftedToken({ sub: user.uid, user_id: user.uid, email, auth_time: sixMinutesAgo });
    expect(await call('deleteMyAccount', stale)).toMatchObject({ status: 401, body: { error: 'recent-sign-in-required' } });
    expect((await auth.getUser(user.uid)).email).toBe(email);
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${user.uid}`).get()).exists).toBe(true);
  });

  it("takes the account's e-mails with it: delivered ones are deleted, one still being delivered is emptied", async () => {
    const user = await auth.getUserByEmail(email);
    const parentMail = (delivery?: object, named = true) => ({
      to: email,
      ...(named ? { uid: user.uid } : {}),
      message: { subject: 'Familienportal: Eine Zahlung ist fällig', text: 'IBAN DE89370400440532013000, 42,50 €' },
      headers: { 'List-Unsubscribe': '<https://example.test/unsubscribeOneClick?token=t>' },
      ...(delivery ? { delivery } : {}),
    });
    await db.doc('mail/delivered').set(parentMail({ state: 'SUCCESS' }));
    await db.doc('mail/queued').set(parentMail());
    await db.doc('mail/sending').set(parentMail({ state: 'PROCESSING', attempts: 1 }));
    // Written before e-mails named their account: found by the address.
    await db.doc('mail/older').set(parentMail({ state: 'ERROR' }, false));
    await db.doc('mail/someone-else').set({ ...parentMail({ state: 'SUCCESS' }), to: 'other@example.com', uid: 'other-uid' });

    expect((await call('deleteMyAccount', await idTokenFor(email))).status).toBe(200);
    const left = Object.fromEntries((await db.collection('mail').get()).docs.map((doc) => [doc.id, doc.data()]));
    expect(Object.keys(left).sort()).toEqual(['sending', 'someone-else']);
    expect(left.sending).toEqual({ delivery: { state: 'PROCESSING', attempts: 1 } });
    await db.collection('mail').doc('someone-else').delete();
    await db.collection('mail').doc('sending').delete();
  });
});
