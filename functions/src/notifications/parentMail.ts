/**
 * The e-mails a parent turned on (notification_choices): payment required, when the family's
 * balance turns due in a sync; payment received, for each new incoming payment; and the
 * confirmation of a cancellation request. In the language stored with the choice, with a link to
 * the screen and a one-click unsubscribe link (parentMailDocument.ts). The office's decision on a
 * booking request is bookingMail.ts.
 */
import { MAIL, NOTIFICATION_CHOICES, type ParentMailKind } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import { isDocumentId } from './documentIds';
import { limitAsync } from 'es-toolkit/promise';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { ChangedFamilies } from '../sync/run/engine';
import { formatIban } from '@family-portal/contract/epc';
import { EPC_QR_CID, EPC_QR_SIZE, epcQrAttachment } from './epcQr';
import { PARENT_MAIL_TEXTS as TEXTS } from './parentMailTexts';
import { PUSH_TEXTS } from '../push/pushTexts';
import { MAIL_LOCALES, type MailBlock } from './mailBody';
import { isDue, type StoredChoices } from './parentChoices';
import { allFamilyRecords, familyRecordsOf } from './familyRecords';
import { accountsOf, forgetChoices, refusalOf, type ChoiceOwner, type Refusal } from './recipients';
import { parentMailDocument, type ParentMailDocument, type ParentRecipient } from './parentMailDocument';
import type { ParentMailSettings } from './parentMailSettings';
import { IN_LIMIT } from '../lib/firestoreLimits';
import { unique, WRITE_CONCURRENCY } from './lookups';

/** What parentMail, notifyParents and confirmCancellation take: config.ts builds it. */
export type { ParentMailSettings } from './parentMailSettings';

/** What one e-mail is about: the figures it names and the screen it links. */
export type ParentMailSubject =
  | { kind: 'paymentDue'; amount: number }
  | { kind: 'paymentReceived'; amount: number; date: string; paymentId: string }
  | { kind: 'cancellationConfirmed'; date: string };

const screenOf = (about: ParentMailSubject) =>
  about.kind === 'paymentDue' ? '/' : about.kind === 'paymentReceived' ? `/transactions?transaction=${encodeURIComponent(about.paymentId)}` : '/family';

/** The e-mail document for one parent, in their language; the payment-due e-mail carries the EPC QR code. */
export async function parentMail(about: ParentMailSubject, to: ParentRecipient, settings: ParentMailSettings) {
  const t = TEXTS[to.language];
  const locale = MAIL_LOCALES[to.language];
  const money = (amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: iso.length === 10 ? 'UTC' : settings.timeZone }).format(new Date(iso));
  const lines =
    about.kind === 'paymentDue'
      ? [t.paymentDue.body(money(about.amount))]
      : about.kind === 'paymentReceived'
        ? [t.paymentReceived.body(money(about.amount), day(about.date))]
        : [t.cancellationConfirmed.body(day(about.date))];
  const transfer: Array<[string, string]> =
    about.kind === 'paymentDue'
      ? [
          [t.transfer.recipient, settings.sepa.recipient],
          // In groups of four, as the portal shows it.
          [t.transfer.iban, formatIban(settings.sepa.iban)],
          [t.transfer.bic, settings.sepa.bic],
          [t.transfer.amount, money(about.amount)],
          [t.transfer.reference, to.name],
        ]
      : [];
  const qr =
    about.kind === 'paymentDue'
      ? await epcQrAttachment({ recipientName: settings.sepa.recipient, iban: settings.sepa.iban, bic: settings.sepa.bic, amount: about.amount, reference: to.name })
      : null;
  const blocks: MailBlock[] = [
    ...lines.map((line) => ({ text: line })),
    { rows: transfer },
    ...(qr ? [{ image: EPC_QR_CID, alt: t.qr.alt, size: EPC_QR_SIZE, caption: t.qr.caption }] : []),
  ];
  return parentMailDocument(about.kind, to, settings, {
    subject: t[about.kind].subject,
    blocks,
    screen: { path: screenOf(about), label: t[about.kind].link },
    push: PUSH_TEXTS[to.language][about.kind],
    ...(qr ? { attachments: [qr] } : {}),
  });
}

/** What a sync's end calls for, for one parent: the e-mails, and the new baseline. Pure. */
export function decideParentMails(
  choices: Pick<StoredChoices, 'paymentDue' | 'paymentReceived' | 'baseline'>,
  member: { balance: unknown },
  payments: Array<{ id: string; amount: unknown; date: unknown; direction: unknown }>,
): { mails: ParentMailSubject[]; baseline: StoredChoices['baseline'] } {
  const mails: ParentMailSubject[] = [];
  const baseline = { ...choices.baseline };
  if (choices.paymentDue) {
    const due = isDue(member.balance);
    // Once per change: when the balance turns due, not while it stays due.
    if (due && baseline.balanceDue === false) mails.push({ kind: 'paymentDue', amount: -(member.balance as number) });
    baseline.balanceDue = due;
  }
  if (choices.paymentReceived) {
    const known = new Set(baseline.paymentIds ?? []);
    for (const payment of payments) {
      if (known.has(payment.id) || payment.direction !== 'IN' || typeof payment.amount !== 'number') continue;
      mails.push({ kind: 'paymentReceived', amount: payment.amount, date: typeof payment.date === 'string' ? payment.date : '', paymentId: payment.id });
    }
    baseline.paymentIds = payments.map((payment) => payment.id).sort();
  }
  return { mails, baseline };
}

/** Which families a sync's e-mails look at: what the sync changed (engine.ts). */
export type MailScope = ChangedFamilies;

/** What one run did: parents looked at, e-mails written, choices deleted because the records no longer lead to the account. */
export interface MailRun {
  considered: number;
  written: number;
  forgotten: number;
}

const ownerOf = (doc: DocumentSnapshot): ChoiceOwner => ({ uid: doc.id, email: String(doc.get('email') ?? ''), memberId: String(doc.get('memberId') ?? '') });

async function choicesInScope(db: Firestore, scope: MailScope): Promise<QueryDocumentSnapshot[]> {
  const choices = db.collection(NOTIFICATION_CHOICES);
  if (scope === 'all') return (await choices.get()).docs;
  const paymentIds = unique(scope.paymentIds).filter(isDocumentId);
  const payments = (
    await Promise.all(chunk(paymentIds, 300).map((batch) => db.getAll(...batch.map((id) => db.collection('payments').doc(id)), { fieldMask: ['memberId'] })))
  ).flat();
  const memberIds = unique([...scope.memberIds, ...payments.map((payment) => payment.get('memberId') as unknown).filter((id): id is string => typeof id === 'string')]);
  const found = await Promise.all(chunk(memberIds.filter(isDocumentId), IN_LIMIT).map((batch) => choices.where('memberId', 'in', batch).get()));
  return found.flatMap((result) => result.docs);
}

const sameBaseline = (a: StoredChoices['baseline'], b: StoredChoices['baseline']) =>
  a.balanceDue === b.balanceDue && JSON.stringify(a.paymentIds ?? null) === JSON.stringify(b.paymentIds ?? null);

const wantsPaymentMails = (doc: DocumentSnapshot) => doc.get('paymentDue') === true || doc.get('paymentReceived') === true;

/**
 * After a sync: the e-mails of the parents in scope who turned one on, each sent only where the
 * records lead now (recipients.ts); the choices of those they no longer lead to are deleted. Each
 * parent's e-mails and new baseline are written together, and only if the choices did not change
 * meanwhile; otherwise the next sync decides again from the baseline this run did not move.
 * `settingsOf` is asked only when there is an e-mail to write.
 */
export async function notifyParents(db: Firestore, auth: Auth, settingsOf: () => ParentMailSettings, scope: MailScope): Promise<MailRun> {
  const docs = await choicesInScope(db, scope);
  const run: MailRun = { considered: docs.length, written: 0, forgotten: 0 };
  if (docs.length === 0) return run;
  const owners = docs.map(ownerOf);
  const [accounts, records] = await Promise.all([
    accountsOf(auth, owners.map((owner) => owner.uid)),
    scope === 'all'
      ? allFamilyRecords(db)
      : familyRecordsOf(db, {
          emails: owners.map((owner) => owner.email),
          memberIds: owners.map((owner) => owner.memberId),
          paymentsOf: docs.filter((doc) => doc.get('paymentReceived') === true).map((doc) => ownerOf(doc).memberId),
        }),
  ]);

  let settings: ParentMailSettings | undefined;
  const writes: Array<{ doc: QueryDocumentSnapshot; mails: ParentMailDocument[]; baseline: StoredChoices['baseline'] }> = [];
  const refused: Array<{ uid: string; refusal: Refusal }> = [];
  for (const [n, doc] of docs.entries()) {
    const owner = owners[n] as ChoiceOwner;
    const refusal = refusalOf(owner, accounts.get(owner.uid), records);
    if (refusal) {
      refused.push({ uid: owner.uid, refusal });
      continue;
    }
    if (!wantsPaymentMails(doc)) continue;
    const choices = doc.data() as StoredChoices;
    const member = records.member(owner.memberId) as DocumentSnapshot;
    const { mails, baseline } = decideParentMails(choices, { balance: member.get('balance') }, choices.paymentReceived ? records.payments(owner.memberId) : []);
    if (mails.length === 0 && sameBaseline(baseline, choices.baseline ?? {})) continue;
    if (mails.length > 0) settings ??= settingsOf();
    const to = { uid: owner.uid, email: owner.email, name: String(member.get('primaryName') ?? ''), language: choices.language };
    writes.push({ doc, mails: await Promise.all(mails.map((about) => parentMail(about, to, settings as ParentMailSettings))), baseline });
  }

  await Promise.all(refused.map(({ uid, refusal }) => forgetChoices(db, uid, refusal)));
  run.forgotten = refused.length;
  await Promise.all(
    writes.map(
      limitAsync(async ({ doc, mails, baseline }) => {
        const write = db.batch();
        for (const mail of mails) write.create(db.collection(MAIL).doc(), mail);
        write.update(doc.ref, { baseline }, { lastUpdateTime: doc.updateTime });
        try {
          await write.commit();
          run.written += mails.length;
        } catch (error) {
          logger.warn("a parent's e-mails were not written; the next sync decides again", { uid: doc.id, reason: (error as Error).message.slice(0, 120) });
        }
      }, WRITE_CONCURRENCY),
    ),
  );
  return run;
}

/** After a recorded cancellation request: its confirmation, if the parent turned it on and the records still lead to them. */
export async function confirmCancellation(db: Firestore, auth: Auth, uid: string, member: DocumentSnapshot, requestedAt: string, settings: ParentMailSettings): Promise<boolean> {
  const choices = await db.collection(NOTIFICATION_CHOICES).doc(uid).get();
  if (choices.get('cancellationConfirmed') !== true) return false;
  const owner = ownerOf(choices);
  const [accounts, records] = await Promise.all([accountsOf(auth, [uid]), familyRecordsOf(db, { emails: [owner.email], memberIds: [owner.memberId], paymentsOf: [] })]);
  const refusal = refusalOf(owner, accounts.get(uid), records) ?? (owner.memberId === member.id ? null : 'address-of-another-member');
  if (refusal) {
    await forgetChoices(db, uid, refusal);
    return false;
  }
  const to = { uid, email: owner.email, name: String(member.get('primaryName') ?? ''), language: (choices.data() as StoredChoices).language };
  await db.collection(MAIL).add(await parentMail({ kind: 'cancellationConfirmed', date: requestedAt }, to, settings));
  return true;
}

export type { ParentMailKind };
