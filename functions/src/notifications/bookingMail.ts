/**
 * The office's decisions on booking requests, by e-mail to the family's parents who turned
 * "booking decisions" on (notification_choices, bookingDecided): after the office decides in the
 * console (booking/), and after a sync that brought decisions made in AppSheet itself.
 *
 * Only recent decisions (decidedAt within DECISION_MAIL_DAYS; a sync's first full run mails nobody
 * about last year's requests) made after the parent turned the kind on. Each e-mail goes only
 * where the records lead at this moment (recipients.ts, as every parent's e-mail); the choices of
 * a parent they no longer lead to are deleted. Each e-mail is a `mail` document whose id is fixed
 * by the request, the decision and the account (documentIds.ts), written with create(): a second
 * call, a retry, a sync after the console's own call, or two at once send it once.
 */
import { MAIL, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import { limitAsync } from 'es-toolkit/promise';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { adminAuth } from '../admin';
import { parentMailSettingsFromConfig } from '../config';
import { bookingDecisionMail, type BookingDecision } from './bookingDecisionMail';
import { bookingDecisions, decidedRequest, type DecidedRequest } from './bookingFacts';
import { bookingDecisionMailId, isDocumentId } from './documentIds';
import { isMailLanguage } from './mailBody';
import { familyRecordsOf } from './familyRecords';
import type { StoredChoices } from './parentChoices';
import type { ParentMailSettings } from './parentMailSettings';
import { accountsOf, forgetChoices, refusalOf, type ChoiceOwner } from './recipients';
import { ALREADY_EXISTS, IN_LIMIT } from '../lib/firestoreLimits';
import { LOOKUP_BATCH, LOOKUP_CONCURRENCY, SCAN_CHOICES_ABOVE, unique, WRITE_CONCURRENCY } from './lookups';

/** How far back a decision is still news. */
export const DECISION_MAIL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BookingMailDeps {
  auth: Auth;
  /** Asked only when there is an e-mail to write. */
  settingsOf: () => ParentMailSettings;
  now: Date;
}

/** What one call did. */
export interface BookingMailRun {
  /** Requests with a recent decision. */
  decided: number;
  /** E-mails written now. */
  written: number;
  /** E-mails that had been written before (by an earlier call). */
  alreadySent: number;
  /** Choices deleted because the records no longer lead to the account. */
  forgotten: number;
}


const REQUESTS = 'bookingRequests';

const recentSince = (now: Date) => new Date(now.getTime() - DECISION_MAIL_DAYS * DAY_MS).toISOString();

/** Every request decided within DECISION_MAIL_DAYS: what a full sync looks at (its requests are every request). */
async function recentlyDecided(db: Firestore, now: Date): Promise<DocumentSnapshot[]> {
  return (await db.collection(REQUESTS).where('decidedAt', '>=', recentSince(now)).get()).docs;
}

/** These requests, looked up by id. */
async function requestsById(db: Firestore, ids: string[]): Promise<DocumentSnapshot[]> {
  const found = await Promise.all(chunk(ids, LOOKUP_BATCH).map(limitAsync((batch: string[]) => db.getAll(...batch.map((id) => db.collection(REQUESTS).doc(id))), LOOKUP_CONCURRENCY)));
  return found.flat().filter((doc) => doc.exists);
}

/**
 * The e-mails about these requests' decisions (or, with 'recent', those of the last
 * DECISION_MAIL_DAYS). Never throws: the decision or the sync stands; what failed is logged and
 * sent by the next call that names the request (the nightly full sync names every recent one).
 */
export async function sendBookingDecisionMails(db: Firestore, requestIds: readonly string[] | 'recent', deps: Partial<BookingMailDeps> = {}): Promise<BookingMailRun> {
  const run: BookingMailRun = { decided: 0, written: 0, alreadySent: 0, forgotten: 0 };
  const now = deps.now ?? new Date();
  try {
    const docs = requestIds === 'recent' ? await recentlyDecided(db, now) : await requestsById(db, unique(requestIds).filter(isDocumentId));
    const requests = docs.map(decidedRequest).filter((request): request is DecidedRequest => request !== null && isRecent(request.decidedAt, now));
    run.decided = requests.length;
    if (requests.length === 0) return run;
    let settings: ParentMailSettings | undefined;
    const settingsOf = () => (settings ??= (deps.settingsOf ?? parentMailSettingsFromConfig)());
    await send(db, requests, { auth: () => deps.auth ?? adminAuth(), settingsOf }, run);
  } catch (error) {
    logger.error('booking decision e-mails failed', { reason: (error as Error).message, ...run });
  }
  if (run.written > 0 || run.forgotten > 0) logger.info('booking decision e-mails', { ...run });
  return run;
}

/** Decided within DECISION_MAIL_DAYS (a stored instant, ISO 8601). */
const isRecent = (decidedAt: string, now: Date) => Date.parse(decidedAt) >= Date.parse(recentSince(now));

const ownerOf = (doc: DocumentSnapshot): ChoiceOwner => ({ uid: doc.id, email: String(doc.get('email') ?? ''), memberId: String(doc.get('memberId') ?? '') });

/** The choices of these families' parents who turned booking decisions on. */
async function optedIn(db: Firestore, memberIds: string[]): Promise<DocumentSnapshot[]> {
  const choices = db.collection(NOTIFICATION_CHOICES);
  if (memberIds.length > SCAN_CHOICES_ABOVE) {
    const families = new Set(memberIds);
    return (await choices.where('bookingDecided', '==', true).get()).docs.filter((doc) => families.has(doc.get('memberId') as string));
  }
  const found = await Promise.all(chunk(memberIds, IN_LIMIT).map((batch) => choices.where('memberId', 'in', batch).get()));
  return found.flatMap((result) => result.docs).filter((doc) => doc.get('bookingDecided') === true);
}

/** A decision made before the parent turned the kind on is not news to them. */
const decidedSinceOptIn = (request: DecidedRequest, choices: DocumentSnapshot) => {
  const since = (choices.get('baseline') as StoredChoices['baseline'] | undefined)?.bookingsSince;
  return typeof since !== 'string' || Date.parse(request.decidedAt) >= Date.parse(since);
};

interface Pair {
  request: DecidedRequest;
  choices: DocumentSnapshot;
  ref: DocumentReference;
}

type SendDeps = { auth: () => Auth; settingsOf: () => ParentMailSettings };

async function send(db: Firestore, requests: DecidedRequest[], deps: SendDeps, run: BookingMailRun) {
  const choices = await optedIn(db, unique(requests.map((request) => request.memberId)));
  const byFamily = new Map<string, DocumentSnapshot[]>();
  for (const doc of choices) byFamily.set(doc.get('memberId') as string, [...(byFamily.get(doc.get('memberId') as string) ?? []), doc]);
  const pairs = requests.flatMap((request) =>
    (byFamily.get(request.memberId) ?? [])
      .filter((doc) => decidedSinceOptIn(request, doc))
      .map((doc) => ({ request, choices: doc, ref: db.collection(MAIL).doc(bookingDecisionMailId(request.id, request.status, doc.id)) })),
  );
  // Most calls (a nightly full sync) find every e-mail written already: look before reading more.
  const existing = await Promise.all(chunk(pairs, LOOKUP_BATCH).map(limitAsync((slice: Pair[]) => db.getAll(...slice.map((pair) => pair.ref), { fieldMask: [] }), LOOKUP_CONCURRENCY)));
  const written = new Set(existing.flat().filter((doc) => doc.exists).map((doc) => doc.id));
  run.alreadySent += written.size;
  const refused = new Set<string>();
  for (const slice of chunk(pairs.filter((pair) => !written.has(pair.ref.id)), LOOKUP_BATCH)) await sendSlice(db, slice, deps, refused, run);
}

/** One slice of e-mails to write: its recipients checked, its facts read, each e-mail created. */
async function sendSlice(db: Firestore, pairs: Pair[], deps: SendDeps, refused: Set<string>, run: BookingMailRun) {
  const owners = unique(pairs.map((pair) => pair.choices)).map(ownerOf);
  const [accounts, records, decisions] = await Promise.all([
    accountsOf(deps.auth(), owners.map((owner) => owner.uid)),
    familyRecordsOf(db, { emails: owners.map((owner) => owner.email), memberIds: owners.map((owner) => owner.memberId), paymentsOf: [] }),
    bookingDecisions(db, unique(pairs.map((pair) => pair.request))),
  ]);
  for (const owner of owners) {
    const refusal = refused.has(owner.uid) ? null : refusalOf(owner, accounts.get(owner.uid), records);
    if (!refusal) continue;
    refused.add(owner.uid);
    await forgetChoices(db, owner.uid, refusal);
    run.forgotten += 1;
  }

  await Promise.all(
    pairs
      .filter((pair) => !refused.has(pair.choices.id))
      .map(
        limitAsync(async ({ request, choices: doc, ref }: Pair) => {
          const owner = ownerOf(doc);
          const language = String(doc.get('language'));
          const to = { uid: owner.uid, email: owner.email, name: String(records.member(owner.memberId)?.get('primaryName') ?? ''), language: isMailLanguage(language) ? language : 'de' };
          const mail = bookingDecisionMail(decisions.get(request.id) as BookingDecision, to, deps.settingsOf());
          try {
            await ref.create(mail);
            run.written += 1;
          } catch (error) {
            // Another call wrote it meanwhile: sent once all the same.
            if ((error as { code?: unknown }).code === ALREADY_EXISTS) run.alreadySent += 1;
            else logger.warn('a booking decision e-mail was not written; the next call sends it', { uid: owner.uid, requestId: request.id, reason: (error as Error).message.slice(0, 120) });
          }
        }, WRITE_CONCURRENCY),
      ),
  );
}
