/**
 * The e-mails of a notice and of a cancelled lesson, against the emulators, from a notice and its
 * deliveries as the office's functions write them: a notice goes to the parents of the delivered
 * families who turned notices on, in their language; a cancellation to every parent of those
 * families with an account unless they turned it off (no choices: on, in German); office text is
 * escaped; each parent gets it once however often it is asked for; a withdrawn notice sends
 * nothing; recipients are resolved when sending (an account gone by then gets nothing). The
 * cancellation's unsubscribe link stops the next one, even for a parent who never saved choices.
 * The day's budget of notice e-mails: what is beyond it waits for the next morning's run, taken
 * once however many notices go at once; a cancellation is never held; a family whose membership
 * ended before the morning run gets none of what was held for it.
 */
import { deliveryId, MAIL, MEMBER_EMAILS, NOTICE_DELIVERIES, NOTICE_MAIL_DAYS, NOTICE_MAIL_QUEUE, NOTICES, NOTIFICATION_CHOICES, type NoticeTexts } from '@family-portal/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendHeldNoticeMails } from '../../functions/src/notifications/heldNoticeMails';
import { sendNoticeMails } from '../../functions/src/notifications/noticeMail';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { createAccount, functionUrl } from '../support/auth';
import { storeChoices } from '../support/calls';
import { DEMO_MAIL_SETTINGS } from '../support/mailSettings';

const { db, auth } = emulatorAdmin();
const settings = DEMO_MAIL_SETTINGS;
/** This file's school day and budget of notice e-mails (noticeMailBudget.ts): its own, so that no other file's e-mails count. */
const DAY = '2031-01-15';
const NOW = new Date(`${DAY}T09:00:00Z`);
let budget = 1000;
const deps = (now = NOW) => ({ auth, settingsOf: () => settings, budgetOf: async () => budget, now });
const send = (noticeId: string, now = NOW) => sendNoticeMails(db, noticeId, deps(now));

interface Mail {
  to: string;
  uid: string;
  message: { subject: string; text: string; html: string };
  headers: Record<string, string>;
}
const PREFIX = 'nm';
const address = (name: string) => `${name}.${PREFIX}@example.com`;
const uids = new Map<string, string>();
const notices: string[] = [];

/** The e-mails of one notice, by address. */
async function mailsOf(noticeId: string): Promise<Map<string, Mail>> {
  const all = (await db.collection(MAIL).where('to', 'in', [...uids.keys()]).get()).docs.map((doc) => doc.data() as Mail);
  const ofNotice = all.filter((mail) => mail.message.text.includes(`[${noticeId}]`));
  return new Map(ofNotice.map((mail) => [mail.to, mail]));
}

/** A family: member, index entries for each parent's address, and their accounts. */
async function family(n: number, parents: Array<{ name: string; verified?: boolean }>) {
  const memberId = `M-NM-${n}`;
  await db.doc(`members/${memberId}`).set({ primaryName: `${parents[0]!.name} Family`, primaryEmail: address(parents[0]!.name), status: 'active', balance: 0 });
  for (const parent of parents) {
    await db.doc(`${MEMBER_EMAILS}/${address(parent.name)}`).set({ memberId });
    uids.set(address(parent.name), (await createAccount(address(parent.name), { verified: parent.verified ?? true })).uid);
  }
  return memberId;
}

/** Choices as setNotificationChoices stores them. */
const choose = (name: string, memberId: string, choices: { notices?: boolean; lessonCancelled?: boolean; language: string }) =>
  storeChoices(db, { uid: uids.get(address(name))!, email: address(name), memberId }, choices);

/** A notice and its deliveries, as sendNotice and cancelLesson write them. Its id is in every text, to tell the e-mails apart. */
async function notice(id: string, kind: 'notice' | 'cancellation', families: string[], texts: (id: string) => NoticeTexts, extra: Record<string, unknown> = {}) {
  const noticeId = `NM-${id}-${Date.now()}`;
  notices.push(noticeId);
  const sentAt = new Date().toISOString();
  const cancellation = kind === 'cancellation' ? { lessonId: 'L-NM', lessonName: 'Klavier <Gruppe>', date: '2026-12-01', roomHourId: null, reason: 'Frau Lind ist krank.' } : null;
  const languages = Object.keys(texts(noticeId));
  await db.doc(`${NOTICES}/${noticeId}`).set({
    kind,
    texts: texts(noticeId),
    languages,
    audience: kind === 'notice' ? { kind: 'all' } : { kind: 'lessons', lessonIds: ['L-NM'], quarterId: 'Q-NM' },
    cancellation,
    sentAt,
    sentBy: 'office@example.com',
    recipients: families.length,
    reads: 0,
    withdrawnAt: null,
    withdrawnBy: null,
    ...extra,
  });
  const batch = db.batch();
  for (const memberId of families) {
    batch.set(db.doc(`${NOTICE_DELIVERIES}/${deliveryId(noticeId, memberId)}`), { noticeId, memberId, kind, sentAt, texts: texts(noticeId), languages, cancellation, readAt: null });
  }
  await batch.commit();
  return noticeId;
}

const festTexts = (id: string): NoticeTexts => ({
  de: { title: `Sommerfest [${id}]`, body: 'Liebe Familien,\n\n<b>Fest</b> & Kuchen: https://lindenhof.example/fest' },
  ru: { title: `Летний праздник [${id}]`, body: 'Дорогие семьи,\n\n<b>праздник</b> & пироги' },
});
const cancelTexts = (id: string): NoticeTexts => ({
  de: { title: `Klavier fällt am 1. Dezember aus [${id}]`, body: 'Grund: Frau Lind ist krank.' },
  en: { title: `Klavier on 1 December is cancelled [${id}]`, body: 'Reason: Frau Lind is ill.' },
  ru: { title: `Klavier 1 декабря отменено [${id}]`, body: 'Причина: Frau Lind болеет.' },
});
/** A call that had nothing (more) to send. */
const none = { mails: 0, held: 0, failed: false };
const tokenIn = (mail: Mail) => /\/unsubscribe\?token=([\w.-]+)/.exec(mail.message.text)![1]!;
const kindOf = (mail: Mail) => JSON.parse(Buffer.from(tokenIn(mail).split('.')[0]!, 'base64url').toString('utf8')).k as string;

let lind: string, berg: string, wolf: string, falk: string, fern: string;

beforeAll(async () => {
  // Anna reads Russian and turned notices on; Ben, her family's second parent, never saved choices.
  lind = await family(1, [{ name: 'anna' }, { name: 'ben' }]);
  await choose('anna', lind, { notices: true, language: 'ru' });
  // Carla turned notices on and cancelled lessons off.
  berg = await family(2, [{ name: 'carla' }]);
  await choose('carla', berg, { notices: true, lessonCancelled: false, language: 'en' });
  // Dora's account is unverified.
  wolf = await family(3, [{ name: 'dora', verified: false }]);
  // Eva turned notices on; her account is deleted before the notice is sent.
  falk = await family(4, [{ name: 'eva' }]);
  await choose('eva', falk, { notices: true, language: 'de' });
  // Felix turned notices on, but his family is not in the audience.
  fern = await family(5, [{ name: 'felix' }]);
  await choose('felix', fern, { notices: true, language: 'de' });
});

afterAll(async () => {
  const mails = await db.collection(MAIL).where('to', 'in', [...uids.keys()]).get();
  const deliveries = await Promise.all(notices.map((noticeId) => db.collection(NOTICE_DELIVERIES).where('noticeId', '==', noticeId).get()));
  const writer = db.bulkWriter();
  for (const doc of [...mails.docs, ...deliveries.flatMap((result) => result.docs)]) void writer.delete(doc.ref);
  for (const noticeId of notices) void writer.delete(db.doc(`${NOTICES}/${noticeId}`));
  for (const [email, uid] of uids) {
    void writer.delete(db.doc(`${MEMBER_EMAILS}/${email}`));
    void writer.delete(db.doc(`${NOTIFICATION_CHOICES}/${uid}`));
  }
  for (const n of [1, 2, 3, 4, 5]) void writer.delete(db.doc(`members/M-NM-${n}`));
  await writer.close();
  await auth.deleteUsers([...uids.values()]);
});

describe('the e-mails of a notice', () => {
  it('go once to the parents of the delivered families who turned notices on, in their language, the office text escaped', async () => {
    await auth.deleteUser(uids.get(address('eva'))!);
    const noticeId = await notice('fest', 'notice', [lind, berg, wolf, falk], festTexts);
    expect(await send(noticeId)).toEqual({ mails: 2, held: 0, failed: false });
    const mails = await mailsOf(noticeId);
    expect([...mails.keys()].sort()).toEqual([address('anna'), address('carla')]);

    const anna = mails.get(address('anna'))!;
    expect(anna.uid).toBe(uids.get(address('anna')));
    expect(anna.message.subject).toBe(`Семейный портал: Летний праздник [${noticeId}]`);
    expect(anna.message.text).toContain('Здравствуйте, anna Family!');
    expect(anna.message.text).toContain('<b>праздник</b> & пироги');
    expect(anna.message.html).toContain('&lt;b&gt;праздник&lt;/b&gt; &amp; пироги');
    expect(anna.message.html).not.toContain('<b>');
    expect(kindOf(anna)).toBe('notices');
    expect(anna.headers['List-Unsubscribe']).toContain('/unsubscribeOneClick?token=');

    // Carla reads English, which the office did not write: its first language, in an English frame.
    const carla = mails.get(address('carla'))!;
    expect(carla.message.subject).toBe(`Family Portal: Sommerfest [${noticeId}]`);
    expect(carla.message.html).toContain('<a href="https://lindenhof.example/fest" rel="noopener noreferrer"');

    // Eva's account was gone by then: no e-mail, and her choices are forgotten.
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${uids.get(address('eva'))}`).get()).exists).toBe(false);

    // A retry, or two at once, send nothing more.
    expect(await Promise.all([send(noticeId), send(noticeId)])).toEqual([none, none]);
    expect((await mailsOf(noticeId)).size).toBe(2);
  });

  it('sends nothing once withdrawn', async () => {
    const noticeId = await notice('withdrawn', 'notice', [lind, berg], festTexts, { withdrawnAt: new Date().toISOString(), withdrawnBy: 'office@example.com' });
    expect(await send(noticeId)).toEqual(none);
    expect((await mailsOf(noticeId)).size).toBe(0);
    expect(await send('NM-no-such-notice')).toEqual(none);
  });
});

describe('the e-mails of a cancelled lesson', () => {
  it('go to every parent of the families with an account, unless turned off, with the unsubscribe-from-cancellations link', async () => {
    const noticeId = await notice('cancel', 'cancellation', [lind, berg, wolf], cancelTexts);
    expect(await send(noticeId)).toEqual({ mails: 2, held: 0, failed: false });
    const mails = await mailsOf(noticeId);
    // Not Carla (turned off), not Dora (unverified), not Felix (not delivered).
    expect([...mails.keys()].sort()).toEqual([address('anna'), address('ben')]);
    const anna = mails.get(address('anna'))!;
    expect(anna.message.subject).toBe(`Семейный портал: Klavier 1 декабря отменено [${noticeId}]`);
    expect(anna.message.text).toContain('Занятие: Klavier <Gruppe>\nДата: вторник, 1 декабря 2026');
    expect(anna.message.html).toContain('Klavier &lt;Gruppe&gt;');
    // Ben never saved choices: on, in German.
    const ben = mails.get(address('ben'))!;
    expect(ben.message.subject).toBe(`Familienportal: Klavier fällt am 1. Dezember aus [${noticeId}]`);
    expect(ben.message.text).toContain('weil eine für Ihre Kinder gebuchte Unterrichtsstunde ausfällt');
    expect(kindOf(ben)).toBe('lessonCancelled');
    expect(await send(noticeId)).toEqual(none);
  });

  it("stops for a parent who never saved choices once they follow the e-mail's unsubscribe link", async () => {
    const first = await notice('before-unsubscribe', 'cancellation', [lind], cancelTexts);
    await send(first);
    const ben = (await mailsOf(first)).get(address('ben'))!;
    const response = await fetch(functionUrl('unsubscribe'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: tokenIn(ben) }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, kind: 'lessonCancelled' });
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${uids.get(address('ben'))}`).get()).data()).toMatchObject({ lessonCancelled: false, notices: false, email: address('ben'), memberId: lind });

    const next = await notice('after-unsubscribe', 'cancellation', [lind], cancelTexts);
    expect(await send(next)).toEqual({ mails: 1, held: 0, failed: false });
    expect([...(await mailsOf(next)).keys()]).toEqual([address('anna')]);
  });
});

describe("the day's budget of notice e-mails", () => {
  const at = (day: string) => new Date(`${day}T09:00:00Z`);
  const counter = async (day: string) => (await db.doc(`${NOTICE_MAIL_DAYS}/${day}`).get()).get('mails') as number | undefined;

  // The morning run takes the whole school's queue: each test starts from an empty one (the
  // rules tests, for one, leave theirs).
  beforeEach(() => db.recursiveDelete(db.collection(NOTICE_MAIL_QUEUE)));
  afterEach(async () => {
    budget = 1000;
    await db.recursiveDelete(db.collection(NOTICE_MAIL_QUEUE));
  });

  afterAll(async () => {
    await db.recursiveDelete(db.collection(NOTICE_MAIL_DAYS));
  });

  it('writes what is left of it, holds the rest on the notice and in the queue, and the next morning sends the rest', async () => {
    budget = 10;
    await db.doc(`${NOTICE_MAIL_DAYS}/2031-02-10`).set({ mails: 9 });
    const noticeId = await notice('held', 'notice', [lind, berg], festTexts);
    expect(await send(noticeId, at('2031-02-10'))).toEqual({ mails: 1, held: 1, failed: false });
    expect((await mailsOf(noticeId)).size).toBe(1);
    expect(await counter('2031-02-10')).toBe(10);
    expect((await db.doc(`${NOTICES}/${noticeId}`).get()).get('mails')).toEqual({ sent: 1, held: 1, budget: 10 });
    expect((await db.doc(`${NOTICE_MAIL_QUEUE}/${noticeId}`).get()).data()).toMatchObject({ noticeId, held: 1 });
    // Asked again the same day: nothing more.
    expect(await send(noticeId, at('2031-02-10'))).toEqual({ mails: 0, held: 1, failed: false });

    expect(await sendHeldNoticeMails(db, deps(at('2031-02-11')))).toEqual({ done: 1, mails: 1, held: 0 });
    expect([...(await mailsOf(noticeId)).keys()].sort()).toEqual([address('anna'), address('carla')]);
    expect((await db.doc(`${NOTICE_MAIL_QUEUE}/${noticeId}`).get()).exists).toBe(false);
    expect((await db.doc(`${NOTICES}/${noticeId}`).get()).get('mails')).toEqual({ sent: 2, held: 0, budget: 10 });
    expect(await counter('2031-02-11')).toBe(1);
  });

  it('sends the next morning nothing of what it held for a family whose membership ended overnight', async () => {
    budget = 10;
    await db.doc(`${NOTICE_MAIL_DAYS}/2031-02-20`).set({ mails: 10 });
    const noticeId = await notice('ended', 'notice', [lind, berg], festTexts);
    expect(await send(noticeId, at('2031-02-20'))).toEqual({ mails: 0, held: 2, failed: false });
    // The office's sync ends the Berg family's membership during the night.
    await db.doc(`members/${berg}`).update({ status: 'inactive' });
    try {
      expect(await sendHeldNoticeMails(db, deps(at('2031-02-21')))).toEqual({ done: 1, mails: 1, held: 0 });
      expect([...(await mailsOf(noticeId)).keys()]).toEqual([address('anna')]);
      expect((await db.doc(`${NOTICES}/${noticeId}`).get()).get('mails')).toEqual({ sent: 1, held: 0, budget: 10 });
      expect((await db.doc(`${NOTICE_MAIL_QUEUE}/${noticeId}`).get()).exists).toBe(false);
      // Carla's choices stay: a membership may be taken up again.
      expect((await db.doc(`${NOTIFICATION_CHOICES}/${uids.get(address('carla'))}`).get()).get('notices')).toBe(true);
    } finally {
      await db.doc(`members/${berg}`).update({ status: 'active' });
    }
  });

  it('gives each e-mail of the day once when two notices are sent at once', async () => {
    budget = 3;
    const [one, two] = [await notice('race-1', 'notice', [lind, berg], festTexts), await notice('race-2', 'notice', [lind, berg], festTexts)];
    const runs = await Promise.all([send(one, at('2031-02-12')), send(two, at('2031-02-12'))]);
    expect(runs.reduce((sum, run) => sum + run.mails, 0)).toBe(3);
    expect(runs.reduce((sum, run) => sum + run.held, 0)).toBe(1);
    expect((await mailsOf(one)).size + (await mailsOf(two)).size).toBe(3);
    expect(await counter('2031-02-12')).toBe(3);
  });

  it('never holds a cancellation (it is counted beyond the budget), and drops a held notice withdrawn meanwhile', async () => {
    budget = 1;
    await db.doc(`${NOTICE_MAIL_DAYS}/2031-02-13`).set({ mails: 1 });
    const cancellation = await notice('urgent', 'cancellation', [lind], cancelTexts);
    const sent = await send(cancellation, at('2031-02-13'));
    expect(sent).toMatchObject({ held: 0, failed: false });
    expect(sent.mails).toBeGreaterThanOrEqual(1);
    expect((await mailsOf(cancellation)).size).toBe(sent.mails);
    expect(await counter('2031-02-13')).toBe(1 + sent.mails);

    const held = await notice('withdrawn-later', 'notice', [lind, berg], festTexts);
    expect(await send(held, at('2031-02-13'))).toEqual({ mails: 0, held: 2, failed: false });
    await db.doc(`${NOTICES}/${held}`).update({ withdrawnAt: at('2031-02-13').toISOString(), withdrawnBy: 'office@example.com' });
    expect(await sendHeldNoticeMails(db, deps(at('2031-02-14')))).toEqual({ done: 1, mails: 0, held: 0 });
    expect((await mailsOf(held)).size).toBe(0);
    expect((await db.doc(`${NOTICE_MAIL_QUEUE}/${held}`).get()).exists).toBe(false);
  });
});
