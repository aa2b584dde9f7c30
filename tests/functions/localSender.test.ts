/**
 * The local e-mail path of `npm start`: a `mail` document, in the format of the "Trigger Email
 * from Firestore" extension, reaches the local inbox (MailDev, over SMTP), and its `delivery`
 * moves through the extension's states.
 */
import { join } from 'node:path';
import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL } from '@family-portal/contract';
import { receivedMail, startInbox, type Inbox } from '../../tools/mail/inbox';
import { startLocalSender } from '../../tools/mail/localSender';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { EMULATOR_HOST, PORTS, ROOT } from '../../tools/lib/stack';

const { db } = emulatorAdmin();
const FROM = 'Family Portal <portal@example.org>';
let inbox: Inbox;
let stopSender: () => Promise<void>;

beforeAll(async () => {
  inbox = await startInbox({ host: EMULATOR_HOST, smtpPort: PORTS.smtp, webPort: PORTS.inbox, mailDirectory: join(ROOT, '.cache/maildev-test') });
  stopSender = startLocalSender({ db, smtp: inbox.smtp, defaultFrom: FROM });
});
afterAll(async () => {
  await stopSender();
  await inbox.stop();
  await clearFirestore();
});
beforeEach(async () => {
  await clearFirestore();
  await fetch(`${inbox.url}/api/email/all`, { method: 'DELETE' });
});

const deliveryOf = async (id: string) => (await db.collection(MAIL).doc(id).get()).get('delivery') as Record<string, unknown> | undefined;

describe('the local mail sender', () => {
  it('delivers a mail document to the inbox and records each state the extension would', async () => {
    const states: string[] = [];
    const ref = db.collection(MAIL).doc();
    const stopWatching = ref.onSnapshot((snapshot) => {
      const state = snapshot.get('delivery.state') as string | undefined;
      if (state && states.at(-1) !== state) states.push(state);
    });
    await ref.set({
      to: 'anna.mueller@example.com',
      message: { subject: 'Zahlung fällig: 40,00 €', text: 'Bitte überweisen Sie 40,00 €.', html: '<p>Bitte überweisen Sie <b>40,00 €</b>.</p>' },
    });

    await expect.poll(() => deliveryOf(ref.id).then((d) => d?.state), { timeout: 15_000 }).toBe('SUCCESS');
    // The listener hears of the last update after a read has seen it, later on a busy machine.
    await expect.poll(() => states.at(-1), { timeout: 15_000 }).toBe('SUCCESS');
    stopWatching();
    // In the extension's order; a listener may see two quick updates as one, so not each of them.
    const order = ['PENDING', 'PROCESSING', 'SUCCESS'];
    const positions = states.map((state) => order.indexOf(state));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort());
    const delivery = (await deliveryOf(ref.id))!;
    expect(delivery).toMatchObject({ attempts: 1, error: null, leaseExpireTime: null, info: { accepted: ['anna.mueller@example.com'], rejected: [] } });
    expect((delivery.endTime as Timestamp).toMillis()).toBeGreaterThanOrEqual((delivery.startTime as Timestamp).toMillis());
    expect(delivery.info).toHaveProperty('messageId', expect.stringMatching(/^<.+>$/));

    const [mail, ...more] = await receivedMail(inbox.url);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      subject: 'Zahlung fällig: 40,00 €',
      to: [{ address: 'anna.mueller@example.com' }],
      from: [{ address: 'portal@example.org', name: 'Family Portal' }],
    });
    expect(mail!.text?.trim()).toBe('Bitte überweisen Sie 40,00 €.');
    expect(mail!.html).toContain('<b>40,00 €</b>');
  });

  it('marks a document without a recipient as an error, sends nothing, and sends it when set to RETRY once fixed', async () => {
    const ref = db.collection(MAIL).doc();
    await ref.set({ to: [], message: { subject: 'Niemand', text: '…' } });
    await expect.poll(() => deliveryOf(ref.id).then((d) => d?.state), { timeout: 15_000 }).toBe('ERROR');
    expect(await deliveryOf(ref.id)).toMatchObject({ attempts: 1, error: 'Error: Failed to deliver email. Expected at least 1 recipient.' });
    expect(await receivedMail(inbox.url)).toEqual([]);

    await ref.update({ to: ['office@example.org'], 'delivery.state': 'RETRY' });
    await expect.poll(() => deliveryOf(ref.id).then((d) => d?.state), { timeout: 15_000 }).toBe('SUCCESS');
    expect(await deliveryOf(ref.id)).toMatchObject({ attempts: 2, error: null });
    expect((await receivedMail(inbox.url)).map((mail) => mail.to[0]?.address)).toEqual(['office@example.org']);
  });

  it('leaves a document without a message alone, as the extension does', async () => {
    const ignored = db.collection(MAIL).doc();
    await ignored.set({ to: 'anna.mueller@example.com' });
    // A document written after it is delivered: by then the first was looked at too.
    const later = db.collection(MAIL).doc();
    await later.set({ to: 'olga.petrova@example.com', message: { subject: 'Hallo', text: 'Hallo' } });
    await expect.poll(() => deliveryOf(later.id).then((d) => d?.state), { timeout: 15_000 }).toBe('SUCCESS');
    expect(await deliveryOf(ignored.id)).toBeUndefined();
    expect((await receivedMail(inbox.url)).map((mail) => mail.subject)).toEqual(['Hallo']);
  });
});
