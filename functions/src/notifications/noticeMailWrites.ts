/**
 * Writing a notice's e-mails (noticeMail.ts resolves who gets them): the e-mails not written yet,
 * as many as the day's budget takes (noticeMailBudget.ts), created in batches with ids fixed by
 * the notice and the account, so that a retry or two calls at once write each once. The notice
 * records what was sent and what waits; a notice with e-mails waiting is queued for the next day
 * (heldNoticeMails.ts). Which e-mails wait is the recipients' order: the next day's run resolves
 * the recipients anew and writes the ones still missing.
 */
import { MAIL, NOTICE_MAIL_QUEUE } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import { limitAsync } from 'es-toolkit/promise';
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { noticeMailId } from './documentIds';
import { giveBack, takeFromBudget } from './noticeMailBudget';
import { noticeMail, type NoticeFacts } from './noticeMailContent';
import type { ParentMailDocument, ParentRecipient } from './parentMailDocument';
import type { ParentMailSettings } from './parentMailSettings';
import { ALREADY_EXISTS } from '../lib/firestoreLimits';
import { LOOKUP_BATCH, LOOKUP_CONCURRENCY, WRITE_CONCURRENCY } from './lookups';

/** E-mails a batch creates (Firestore allows 500 writes a batch). */
const WRITE_BATCH = 400;

interface Pending {
  ref: DocumentReference;
  mail: ParentMailDocument;
}

export interface Counts {
  mails: number;
  held: number;
  alreadySent: number;
}

/**
 * Creates the e-mails not written yet that the day's budget takes, a batch at a time; records on
 * the notice what was sent and what waits, and queues the notice while some wait.
 */
export async function writeNoticeMails(
  db: Firestore,
  { notice, facts, recipients }: { notice: DocumentSnapshot; facts: NoticeFacts; recipients: ParentRecipient[] },
  deps: { settingsOf: () => ParentMailSettings; budget: { of: () => Promise<number>; day: string } },
  run: Counts,
) {
  const refs = recipients.map((recipient) => db.collection(MAIL).doc(noticeMailId(notice.id, recipient.uid)));
  // A retry finds most e-mails written: look before composing.
  const existing = await Promise.all(chunk(refs, LOOKUP_BATCH).map(limitAsync((batch: DocumentReference[]) => db.getAll(...batch, { fieldMask: [] }), LOOKUP_CONCURRENCY)));
  const written = new Set(existing.flat().filter((doc) => doc.exists).map((doc) => doc.id));
  run.alreadySent += written.size;
  const unsent = recipients.flatMap((recipient, at) => (written.has(refs[at]!.id) ? [] : [{ recipient, ref: refs[at]! }]));
  const budget = await deps.budget.of();
  const granted = await takeFromBudget(db, { day: deps.budget.day, budget, wanted: unsent.length, urgent: facts.kind === 'cancellation' });
  const settings = granted > 0 ? deps.settingsOf() : null;
  const pending: Pending[] = settings
    ? unsent.slice(0, granted).map(({ recipient, ref }) => ({ ref, mail: noticeMail(facts, { uid: recipient.uid, email: recipient.email, name: recipient.name, language: recipient.language }, settings) }))
    : [];
  try {
    for (const slice of chunk(pending, WRITE_BATCH)) {
      const batch = db.batch();
      for (const { ref, mail } of slice) batch.create(ref, mail);
      try {
        await batch.commit();
        run.mails += slice.length;
      } catch (error) {
        if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
        // Another call wrote some of them meanwhile: the rest one by one, each still once.
        await Promise.all(slice.map(limitAsync((one: Pending) => createOnce(one, run), WRITE_CONCURRENCY)));
      }
    }
  } finally {
    // Those another call wrote were counted by it; those not written at all were never sent.
    await giveBack(db, deps.budget.day, granted - run.mails);
  }
  run.held = unsent.length - granted;
  await recordMails(db, notice, { sent: run.mails, held: run.held, budget });
}

/** The notice's `mails` after this call, and its place in the queue while e-mails wait. */
async function recordMails(db: Firestore, notice: DocumentSnapshot, outcome: { sent: number; held: number; budget: number }) {
  const batch = db.batch();
  batch.update(notice.ref, { 'mails.sent': FieldValue.increment(outcome.sent), 'mails.held': outcome.held, 'mails.budget': outcome.budget });
  if (outcome.held > 0) batch.set(db.collection(NOTICE_MAIL_QUEUE).doc(notice.id), { noticeId: notice.id, sentAt: String(notice.get('sentAt') ?? ''), held: outcome.held });
  await batch.commit();
}

async function createOnce({ ref, mail }: Pending, run: Counts) {
  try {
    await ref.create(mail);
    run.mails += 1;
  } catch (error) {
    if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    run.alreadySent += 1;
  }
}
