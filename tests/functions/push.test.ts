/**
 * Web Push through the Functions emulator and the local push service (tools/push), which decrypts
 * each message with the device's keys as a browser would and verifies its VAPID signature as a
 * push service does. A parent turns a device on and off through the endpoints (another account
 * cannot remove it, a made-up push service is refused, a family whose membership ended cannot
 * turn one on); the account's list names each device by an opaque handle, its browser and
 * system, never by its endpoint or stored id, and "Remove" works for the owner alone; a device
 * whose session ended releases itself without a token, with its own key only. Every parent's
 * e-mail is pushed to that parent's devices by the trigger beside it: a cancellation for a lesson
 * reaches each device of its families' parents in their language and nothing to anyone else; a
 * device whose session was revoked gets nothing and is deleted; a device whose push service
 * answers 410 is deleted; a 503 is tried again and arrives once; a doubled trigger sends nothing
 * twice. Deleting the account deletes its devices.
 */
import { createHash } from 'node:crypto';
import { deliveryId, MAIL, MEMBER_EMAILS, NOTICE_DELIVERIES, NOTICES, PUSH_OUTBOX, PUSH_SUBSCRIPTIONS, type NoticeTexts } from '@family-portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountOfAuth, deliverMailPush } from '../../functions/src/push/deliverPush';
import { saveSubscription } from '../../functions/src/push/pushSubscriptions';
import { sendNoticeMails } from '../../functions/src/notifications/noticeMail';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { DEMO_VAPID_PRIVATE_KEY } from '../../tools/lib/stack';
import { startPushService, type ArrivedPush, type PushService, type PushSubscriptionJson } from '../../tools/push/pushService';
import { createAccount, functionUrl, signedUpAccount } from '../support/auth';
import { callAs, storeChoices } from '../support/calls';
import { DEMO_MAIL_SETTINGS } from '../support/mailSettings';

const { db, auth } = emulatorAdmin();
/** The demo project's key pair (functions/.env.demo-family-portal and tools/lib/stack.ts). */
const VAPID = { subject: 'mailto:portal@example.org', publicKey: 'BEsW5Jsuas37QxY6L9S7kdTOxYb_gwH-LX8SEEdMvxbyQA5gJEiLbvJNAjslmY4ebaRwKmPI6VE3oUguUOPtFeU', privateKey: DEMO_VAPID_PRIVATE_KEY };
const address = (name: string) => `${name}.push@example.com`;
const deviceId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

const call = (name: string, token: string, body?: unknown) => callAs(token, name, body);
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HANDLE = /^[A-Za-z0-9_-]{22}$/;

/** What subscribePush gave each device (by endpoint): its handle and its release key, as the page keeps them. */
const given = new Map<string, { device: string; releaseKey: string }>();

/** A POST as the browser sends it, with its User-Agent; `token` null: without signing in. */
async function post(name: string, token: string | null, body: unknown, userAgent = ANDROID_CHROME) {
  const response = await fetch(functionUrl(name), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

let service: PushService;
const tokens = new Map<string, string>();
const uids = new Map<string, string>();
const notices: string[] = [];

/** A family: its member, an index entry and a signed-up account per parent. */
async function family(memberId: string, parents: string[], status = 'active') {
  await db.doc(`members/${memberId}`).set({ primaryName: `${parents[0]} Family`, primaryEmail: address(parents[0]!), status, balance: 0 });
  for (const parent of parents) {
    await db.doc(`${MEMBER_EMAILS}/${address(parent)}`).set({ memberId });
    const { uid, token } = await signedUpAccount(address(parent));
    uids.set(parent, uid);
    tokens.set(parent, token);
  }
}

/** What a page does on "Notify this device": a subscription from the push service, stored through the endpoint. */
async function turnOn(parent: string, userAgent = ANDROID_CHROME): Promise<PushSubscriptionJson> {
  const subscription = await service.subscribe(VAPID.publicKey);
  const answer = await post('subscribePush', tokens.get(parent)!, subscription, userAgent);
  expect(answer).toMatchObject({ status: 200, body: { data: { device: expect.stringMatching(HANDLE), releaseKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } } });
  given.set(subscription.endpoint, answer.body.data);
  return subscription;
}

const stored = async (subscription: PushSubscriptionJson) => (await db.doc(`${PUSH_SUBSCRIPTIONS}/${deviceId(subscription.endpoint)}`).get()).exists;

const choose = (parent: string, memberId: string, choices: { notices?: boolean; lessonCancelled?: boolean; language: string }) =>
  storeChoices(db, { uid: uids.get(parent)!, email: address(parent), memberId }, choices);

const cancelTexts: NoticeTexts = {
  de: { title: 'Klavier fällt am 1. Dezember aus', body: 'Grund: Frau Lind ist krank.' },
  en: { title: 'Klavier on 1 December is cancelled', body: 'Reason: Frau Lind is ill.' },
  ru: { title: 'Klavier 1 декабря отменено', body: 'Причина: Frau Lind болеет.' },
};

/** A notice and its deliveries as sendNotice and cancelLesson write them. */
async function notice(kind: 'notice' | 'cancellation', families: string[], texts: NoticeTexts) {
  const noticeId = `PUSH-${kind}-${notices.length}-${Date.now()}`;
  notices.push(noticeId);
  const sentAt = new Date().toISOString();
  const cancellation = kind === 'cancellation' ? { lessonId: 'L-PUSH', lessonName: 'Klavier', date: '2026-12-01', roomHourId: null, reason: 'Frau Lind ist krank.' } : null;
  await db.doc(`${NOTICES}/${noticeId}`).set({
    kind,
    texts,
    languages: Object.keys(texts),
    audience: kind === 'notice' ? { kind: 'all' } : { kind: 'lessons', lessonIds: ['L-PUSH'], quarterId: 'Q-PUSH' },
    cancellation,
    sentAt,
    sentBy: 'office@example.com',
    recipients: families.length,
    reads: 0,
    withdrawnAt: null,
    withdrawnBy: null,
  });
  const batch = db.batch();
  for (const memberId of families) {
    batch.set(db.doc(`${NOTICE_DELIVERIES}/${deliveryId(noticeId, memberId)}`), { noticeId, memberId, kind, sentAt, texts, languages: Object.keys(texts), cancellation, readAt: null });
  }
  await batch.commit();
  await sendNoticeMails(db, noticeId, { auth, settingsOf: () => DEMO_MAIL_SETTINGS, budgetOf: async () => 1000, now: new Date() });
  return noticeId;
}

/** The pushes that arrived at these devices, as JSON, once there are `count` of them. */
async function arrivedAt(subscriptions: PushSubscriptionJson[], count: number) {
  const ids = new Set(subscriptions.map((subscription) => subscription.endpoint.split('/').pop()));
  let arrived: ArrivedPush[] = [];
  await vi.waitFor(
    async () => {
      arrived = (await service.messages()).filter((message) => ids.has(message.subscriptionId));
      if (arrived.length < count) throw new Error(`${arrived.length} of ${count} pushes arrived`);
    },
    { timeout: 30_000, interval: 200 },
  );
  return arrived.map((message) => ({ ...message, json: JSON.parse(message.payload) as Record<string, string> }));
}

/** The outbox records of one e-mail, once none is still sending. */
async function settledRecords(mailId: string, count: number) {
  let records: Array<Record<string, unknown>> = [];
  await vi.waitFor(
    async () => {
      records = (await db.collection(PUSH_OUTBOX).where('mailId', '==', mailId).get()).docs.map((doc) => doc.data());
      if (records.length < count || records.some((record) => record.state === 'sending')) throw new Error(`${records.length} records, some still sending`);
    },
    { timeout: 30_000, interval: 200 },
  );
  return records;
}

/** The parent's newest e-mail whose subject has this text, once it is written. */
const mailOf = async (noticeText: string, parent: string) => {
  const mails = await db.collection(MAIL).where('uid', '==', uids.get(parent)).get();
  const found = mails.docs.filter((doc) => String(doc.get('message.subject')).includes(noticeText));
  expect(found, `${parent}'s e-mail "${noticeText}"`).not.toHaveLength(0);
  return found.at(-1)!;
};

beforeAll(async () => {
  service = await startPushService();
  // The Lind family: Anna reads Russian; Ben never saved choices (cancellations in German).
  await family('M-PUSH-1', ['anna', 'ben']);
  await choose('anna', 'M-PUSH-1', { notices: true, language: 'ru' });
  // Carla's family is in the lesson; she turned cancelled lessons off.
  await family('M-PUSH-2', ['carla']);
  await choose('carla', 'M-PUSH-2', { lessonCancelled: false, notices: true, language: 'en' });
  // Dora's family is not in the lesson.
  await family('M-PUSH-3', ['dora']);
  // Emil's membership ended.
  await family('M-PUSH-4', ['emil'], 'cancelled');
  // Gina and Hugo read notices on their phones.
  await family('M-PUSH-5', ['gina', 'hugo']);
  await choose('gina', 'M-PUSH-5', { notices: true, language: 'de' });
  await choose('hugo', 'M-PUSH-5', { notices: true, language: 'de' });
});

afterAll(async () => {
  await service?.stop();
  const writer = db.bulkWriter();
  for (const uid of uids.values()) {
    for (const name of [PUSH_SUBSCRIPTIONS, PUSH_OUTBOX, MAIL]) {
      for (const doc of (await db.collection(name).where('uid', '==', uid).get()).docs) void writer.delete(doc.ref);
    }
  }
  for (const noticeId of notices) {
    for (const doc of (await db.collection(NOTICE_DELIVERIES).where('noticeId', '==', noticeId).get()).docs) void writer.delete(doc.ref);
    void writer.delete(db.doc(`${NOTICES}/${noticeId}`));
  }
  await writer.close();
});

describe('turning a device on and off', () => {
  it('stores the device for the account, lists it by an opaque handle with its browser and system, and turns it off only for its own account', async () => {
    const subscription = await turnOn('dora');
    const { device } = given.get(subscription.endpoint)!;
    const settings = await call('getPushSettings', tokens.get('dora')!);
    expect(settings).toMatchObject({ status: 200, body: { data: { publicKey: VAPID.publicKey } } });
    expect(settings.body.data.devices).toEqual([{ device, browser: 'Chrome', system: 'Android', since: expect.any(String), lastPushAt: null }]);
    // Neither the stored document's id nor the endpoint leaves the functions.
    expect(JSON.stringify(settings.body)).not.toContain(deviceId(subscription.endpoint));
    expect(JSON.stringify(settings.body)).not.toContain(subscription.endpoint.split('/').pop());
    expect((await db.doc(`${PUSH_SUBSCRIPTIONS}/${deviceId(subscription.endpoint)}`).get()).data()).toMatchObject({ uid: uids.get('dora'), memberId: 'M-PUSH-3', endpoint: subscription.endpoint, keys: subscription.keys, device, browser: 'Chrome', system: 'Android' });

    // Another parent cannot turn Dora's device off.
    expect(await call('unsubscribePush', tokens.get('ben')!, { endpoint: subscription.endpoint })).toMatchObject({ status: 200 });
    expect(await stored(subscription)).toBe(true);

    expect(await call('unsubscribePush', tokens.get('dora')!, { endpoint: subscription.endpoint })).toMatchObject({ status: 200, body: { success: true } });
    expect((await call('getPushSettings', tokens.get('dora')!)).body.data.devices).toEqual([]);
  });

  it("removes a device by its handle from another device for its owner only; another account's handle is not found", async () => {
    const phone = await turnOn('dora');
    const laptop = await turnOn('dora', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0');
    const listed = (await call('getPushSettings', tokens.get('dora')!)).body.data.devices as Array<{ browser: string; system: string }>;
    expect(listed.map(({ browser, system }) => `${browser} on ${system}`).sort()).toEqual(['Chrome on Android', 'Firefox on Windows']);

    // Ben knows the handle (somehow): Dora's device is not his to remove, and stays.
    expect(await call('unsubscribePush', tokens.get('ben')!, { device: given.get(phone.endpoint)!.device })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await stored(phone)).toBe(true);
    // Not a handle at all, and a handle with an endpoint beside it: refused, nothing removed.
    expect(await call('unsubscribePush', tokens.get('dora')!, { device: deviceId(phone.endpoint) })).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    expect(await call('unsubscribePush', tokens.get('dora')!, { device: given.get(phone.endpoint)!.device, endpoint: laptop.endpoint })).toMatchObject({ status: 400 });
    expect(await stored(phone)).toBe(true);

    // From the laptop, Dora removes her lost phone.
    expect(await call('unsubscribePush', tokens.get('dora')!, { device: given.get(phone.endpoint)!.device })).toMatchObject({ status: 200, body: { success: true } });
    expect(await stored(phone)).toBe(false);
    expect((await call('getPushSettings', tokens.get('dora')!)).body.data.devices).toEqual([expect.objectContaining({ device: given.get(laptop.endpoint)!.device, browser: 'Firefox', system: 'Windows' })]);
    expect(await call('unsubscribePush', tokens.get('dora')!, { device: given.get(laptop.endpoint)!.device })).toMatchObject({ status: 200 });
  });

  it('lets a device whose session ended release itself without a token, with its own key only', async () => {
    const subscription = await turnOn('dora');
    const { releaseKey } = given.get(subscription.endpoint)!;
    const other = given.get((await turnOn('ben')).endpoint)!;
    // Another device's key, and a malformed one: the device stays.
    expect(await post('releasePushDevice', null, { endpoint: subscription.endpoint, releaseKey: other.releaseKey })).toMatchObject({ status: 200, body: { success: true } });
    expect(await post('releasePushDevice', null, { endpoint: subscription.endpoint, releaseKey: 'short' })).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    expect(await stored(subscription)).toBe(true);

    expect(await post('releasePushDevice', null, { endpoint: subscription.endpoint, releaseKey })).toMatchObject({ status: 200, body: { success: true } });
    expect(await stored(subscription)).toBe(false);
    const [benDevice] = [...given].find(([, saved]) => saved === other)!;
    expect(await post('releasePushDevice', null, { endpoint: benDevice, releaseKey: other.releaseKey })).toMatchObject({ status: 200 });
  });

  it('refuses an endpoint that is no push service, malformed keys, a former family and a missing token, storing nothing', async () => {
    const subscription = await service.subscribe(VAPID.publicKey);
    const elsewhere = { ...subscription, endpoint: 'https://attacker.example/push/1' };
    expect(await call('subscribePush', tokens.get('dora')!, elsewhere)).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    expect(await call('subscribePush', tokens.get('dora')!, { ...subscription, keys: { p256dh: 'short', auth: subscription.keys.auth } })).toMatchObject({ status: 400 });
    expect(await call('subscribePush', tokens.get('emil')!, subscription)).toMatchObject({ status: 403, body: { error: 'membership-ended' } });
    const anonymous = await fetch(functionUrl('subscribePush'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(subscription) });
    expect(anonymous.status).toBe(401);
    const stored = await db.collection(PUSH_SUBSCRIPTIONS).where('endpoint', 'in', [subscription.endpoint, elsewhere.endpoint]).get();
    expect(stored.size).toBe(0);
  });
});

describe('pushes beside the e-mails', () => {
  it("sends a cancelled lesson to each device of its families' parents who get its e-mail, in their language, and to nobody else", async () => {
    const [anna, annaTablet, ben, carla, dora] = [await turnOn('anna'), await turnOn('anna'), await turnOn('ben'), await turnOn('carla'), await turnOn('dora')];
    await notice('cancellation', ['M-PUSH-1', 'M-PUSH-2'], cancelTexts);

    const arrived = await arrivedAt([anna, annaTablet, ben], 3);
    const byDevice = new Map(arrived.map((message) => [message.subscriptionId, message]));
    const idOf = (subscription: PushSubscriptionJson) => subscription.endpoint.split('/').pop()!;
    expect(byDevice.get(idOf(anna))).toMatchObject({
      urgency: 'high',
      ttl: 86_400,
      vapid: { sub: VAPID.subject },
      json: { kind: 'lessonCancelled', lang: 'ru', title: 'Занятие отменено', path: '/plans?lesson=L-PUSH&cancelled=2026-12-01' },
    });
    expect(byDevice.get(idOf(anna))!.json.body).toMatch(/^Klavier, вторник, 1 декабря 2026/);
    expect(byDevice.get(idOf(annaTablet))!.json.lang).toBe('ru');
    expect(byDevice.get(idOf(ben))!.json).toMatchObject({ lang: 'de', title: 'Unterricht fällt aus', body: 'Klavier am Dienstag, 1. Dezember 2026' });
    // Carla turned the kind off, Dora's family is not in the lesson: once every push is through, neither got one.
    await settledRecords((await mailOf('Klavier', 'ben')).id, 1);
    expect((await service.messages()).filter((message) => [idOf(carla), idOf(dora)].includes(message.subscriptionId))).toEqual([]);
  });

  it("sends a cancellation for a lesson of 17 families to each of their parents' devices, 17 × their devices, and nothing else", async () => {
    const devices: PushSubscriptionJson[] = [];
    for (let n = 1; n <= 17; n += 1) {
      const memberId = `M-PUSH-17-${n}`;
      await db.doc(`members/${memberId}`).set({ primaryName: `Family ${n}`, primaryEmail: address(`f${n}`), status: 'active', balance: 0 });
      await db.doc(`${MEMBER_EMAILS}/${address(`f${n}`)}`).set({ memberId });
      const { uid } = await createAccount(address(`f${n}`));
      uids.set(`f${n}`, uid);
      // The third family's parent has a phone and a laptop.
      for (let device = 0; device < (n === 3 ? 2 : 1); device += 1) {
        const subscription = await service.subscribe(VAPID.publicKey);
        await saveSubscription(db, { uid, email: address(`f${n}`), memberId }, subscription);
        devices.push(subscription);
      }
    }
    // A family outside the lesson, with a device of its own.
    const outsider = await service.subscribe(VAPID.publicKey);
    await saveSubscription(db, { uid: uids.get('dora')!, email: address('dora'), memberId: 'M-PUSH-3' }, outsider);

    await notice('cancellation', Array.from({ length: 17 }, (_, n) => `M-PUSH-17-${n + 1}`), cancelTexts);
    const arrived = await arrivedAt(devices, 18);
    const mails = await Promise.all(Array.from({ length: 17 }, (_, n) => mailOf('Klavier', `f${n + 1}`)));
    await Promise.all(mails.map((mail, n) => settledRecords(mail.id, n === 2 ? 2 : 1)));
    expect(arrived).toHaveLength(18);
    expect(new Set(arrived.map((message) => message.subscriptionId)).size).toBe(18);
    // Parents who never saved choices get cancellations in German.
    expect(new Set(arrived.map((message) => message.json.lang))).toEqual(new Set(['de']));
    expect((await service.messages()).filter((message) => outsider.endpoint.endsWith(message.subscriptionId))).toEqual([]);
  });

  it('deletes a device whose push service answers 410, and sends once after a 503', async () => {
    const gone = await turnOn('carla');
    const flaky = await turnOn('carla');
    await fetch(gone.endpoint.replace('/push/', '/subscriptions/'), { method: 'DELETE' });
    await fetch(`${flaky.endpoint.replace('/push/', '/subscriptions/')}/faults`, { method: 'POST', body: JSON.stringify({ statuses: [503] }) });
    await notice('notice', ['M-PUSH-2'], { en: { title: 'Summer fête', body: 'Dear families,\n\nthe fête is on Saturday.' } });

    const mail = await mailOf('Summer fête', 'carla');
    // Carla's devices: the one of the first test, the gone one and the flaky one.
    const records = await settledRecords(mail.id, 3);
    expect(records.find((record) => record.deviceId === deviceId(gone.endpoint))).toMatchObject({ state: 'gone', status: 410 });
    expect(records.find((record) => record.deviceId === deviceId(flaky.endpoint))).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await db.doc(`${PUSH_SUBSCRIPTIONS}/${deviceId(gone.endpoint)}`).get()).exists).toBe(false);
    const [fete] = await arrivedAt([flaky], 1);
    expect(fete!.json).toMatchObject({ kind: 'notices', lang: 'en', title: 'Summer fête', body: 'Dear families, the fête is on Saturday.' });
    expect(fete!.json.path).toMatch(/^\/notices\/PUSH-notice-/);
  });

  it('sends nothing twice when the trigger runs again for the same e-mail', async () => {
    const mail = await mailOf('Summer fête', 'carla');
    const before = (await service.messages()).length;
    const again = await deliverMailPush(db, mail, { vapid: VAPID, accountOf: accountOfAuth(auth), deadline: Date.now() + 10_000 });
    // The gone device was deleted; the other two had theirs.
    expect(again).toMatchObject({ sent: 0, alreadySent: 2 });
    expect((await service.messages()).length).toBe(before);
  });

  it('sends nothing to a device whose session was revoked since it was turned on, deletes it, and notes the last push of the others', async () => {
    // Gina changed her password elsewhere (her tokens revoked, in a later second than her sign-in); Hugo did not.
    const gina = await turnOn('gina');
    const hugo = await turnOn('hugo');
    const signedInAt = (JSON.parse(Buffer.from(tokens.get('gina')!.split('.')[1]!, 'base64url').toString()) as { auth_time: number }).auth_time;
    await vi.waitFor(
      () => {
        if (Date.now() < (signedInAt + 1) * 1000) throw new Error('still the second of the sign-in');
      },
      { timeout: 3000, interval: 50 },
    );
    await auth.revokeRefreshTokens(uids.get('gina')!);
    await notice('notice', ['M-PUSH-5'], { de: { title: 'Probe am Samstag', body: 'Bitte Noten mitbringen.' } });

    const [arrived] = await arrivedAt([hugo], 1);
    expect(JSON.parse(arrived!.payload)).toMatchObject({ title: 'Probe am Samstag' });
    await vi.waitFor(async () => expect(await stored(gina)).toBe(false), { timeout: 30_000, interval: 200 });
    await settledRecords((await mailOf('Probe am Samstag', 'hugo')).id, 1);
    expect((await service.messages()).filter((message) => gina.endpoint.endsWith(`/${message.subscriptionId}`))).toEqual([]);
    const [listed] = (await call('getPushSettings', tokens.get('hugo')!)).body.data.devices as Array<{ lastPushAt: string | null }>;
    expect(Date.parse(listed!.lastPushAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("deletes the account's devices with the account", async () => {
    const subscription = await turnOn('dora');
    expect(await call('deleteMyAccount', tokens.get('dora')!, {})).toMatchObject({ status: 200 });
    expect((await db.doc(`${PUSH_SUBSCRIPTIONS}/${deviceId(subscription.endpoint)}`).get()).exists).toBe(false);
    expect((await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', uids.get('dora')).get()).size).toBe(0);
  });
});
