/**
 * The parents' e-mails after a sync (design §9): a school of 2,000 families, every parent with
 * a portal account and every payment e-mail turned on. Prints the documents read, the e-mails
 * written and the time spent, after a delta that added 10 payments and after a full sync that
 * changed nothing. Reads are counted on the Admin SDK's own read calls, whatever code makes them.
 *
 *   npm run bench -- --only mail [--families N]
 */
import { MAIL, MEMBER_EMAILS, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { notifyParents, type ParentMailSettings } from '../../functions/src/notifications/parentMail';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { countReads, readsSoFar } from './support/readCounter';
import { emailOf, emptyEmulators, familiesFromArguments, memberId } from './support/school';

const { db, auth } = emulatorAdmin();
const FAMILIES = familiesFromArguments();
const PAYMENTS_PER_FAMILY = 4;
const CHANGED_PAYMENTS = 10;

const SETTINGS: ParentMailSettings = {
  appOrigin: 'http://127.0.0.1:5173',
  functionsBaseUrl: 'http://127.0.0.1:5001/demo-family-portal/europe-west1',
  linkKey: 'bench-link-key',
  sepa: { recipient: 'Schulverein Bench e.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  timeZone: 'Europe/Berlin',
  association: { name: 'Schulverein Bench e.V.', address: 'Benchstraße 1; 12345 Musterstadt' },
};


async function seed(): Promise<void> {
  await emptyEmulators();
  const writer = db.bulkWriter();
  for (let family = 0; family < FAMILIES; family++) {
    const id = memberId(family);
    const paymentIds: string[] = [];
    void writer.set(db.doc(`members/${id}`), { primaryName: `Parent ${family}`, primaryEmail: emailOf(family), status: 'active', balance: family % 3 === 0 ? -20 : 15 });
    void writer.set(db.doc(`${MEMBER_EMAILS}/${emailOf(family)}`), { memberId: id });
    for (let n = 0; n < PAYMENTS_PER_FAMILY; n++) {
      const paymentId = `P${id}-${n}`;
      paymentIds.push(paymentId);
      void writer.set(db.doc(`payments/${paymentId}`), { memberId: id, amount: 30, date: '2026-10-01', direction: n % 2 === 0 ? 'IN' : 'OUT' });
    }
    void writer.set(db.doc(`${NOTIFICATION_CHOICES}/u${family}`), {
      paymentDue: true,
      paymentReceived: true,
      cancellationConfirmed: true,
      language: 'de',
      email: emailOf(family),
      memberId: id,
      baseline: { balanceDue: family % 3 === 0, paymentIds: paymentIds.sort() },
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
  }
  await writer.close();
  for (let start = 0; start < FAMILIES; start += 1000) {
    const users = Array.from({ length: Math.min(1000, FAMILIES - start) }, (_, n) => ({ uid: `u${start + n}`, email: emailOf(start + n), emailVerified: true }));
    const result = await auth.importUsers(users);
    if (result.failureCount > 0) throw new Error(`importing accounts failed: ${result.errors[0]?.error.message}`);
  }
}

async function measure(label: string, run: () => Promise<unknown>) {
  const mailsBefore = (await db.collection(MAIL).count().get()).data().count;
  const before = readsSoFar();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const readCount = readsSoFar() - before;
  const mails = (await db.collection(MAIL).count().get()).data().count - mailsBefore;
  console.log(`  ${label}: ${(ms / 1000).toFixed(2)} s, ${readCount.toLocaleString('en')} documents read, ${mails} e-mails written`);
}

console.log(`Parents' e-mails after a sync: ${FAMILIES.toLocaleString('en')} families, every parent opted in (Firestore and Auth emulators)`);
console.log('Budgets (design §9): after a delta with 10 changed payments, reads in proportion to those families, under 1 s; after a full sync with nothing changed, 0 e-mails, under 5 s.');
await seed();
countReads();
// The emulator's first answers are slower than its later ones: one untimed run first.
await notifyParents(db, auth, () => SETTINGS, 'all');

const changed = Array.from({ length: CHANGED_PAYMENTS }, (_, n) => memberId(Math.floor((n * FAMILIES) / CHANGED_PAYMENTS) + 1));
const newPayments = changed.map((id) => `P${id}-new`);
await Promise.all(changed.map((id, n) => db.doc(`payments/${newPayments[n]}`).set({ memberId: id, amount: 42.5, date: '2026-11-25', direction: 'IN' })));
await measure(`delta with ${CHANGED_PAYMENTS} new payments`, () => notifyParents(db, auth, () => SETTINGS, { memberIds: [], paymentIds: newPayments, bookingRequestIds: [] }));
await measure('full sync, nothing changed', () => notifyParents(db, auth, () => SETTINGS, 'all'));
process.exit(0);
