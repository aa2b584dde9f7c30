/**
 * The e-mails of a notice from the school office (kind 'notice') or of a cancelled lesson (kind
 * 'cancellation'), sent when the office sends it (notices/).
 *
 * The families are those the notice was delivered to (its notice_deliveries: the audience when it
 * was sent, so the cost is the audience's, not the school's). Their parents are resolved now, as
 * every parent's e-mail is (recipients.ts): the account must exist, be enabled and verified, and
 * its address must still lead through the member index to that family, whose membership must
 * still be active (one that ended after the notice was sent, before its held e-mails went the
 * next morning, gets none).
 * - a notice goes to the parents who turned "notices" on;
 * - a cancellation concerns a lesson the family booked: it goes to every parent of the family
 *   with an account (found through the member index), unless they turned "lessonCancelled" off
 *   (no choices stored: on). A parent without stored choices gets it in the portal's default
 *   language, as their e-mail card shows it.
 * Each e-mail is a `mail` document whose id is fixed by the notice and the account
 * (documentIds.ts), created in batches: a retry, or two calls at once, send it once. A withdrawn
 * notice sends nothing.
 *
 * The e-mails not written yet take their number from the school's daily budget
 * (noticeMailBudget.ts); those beyond it are held: the notice records how many were sent and how
 * many wait (`mails`), and notice_mail_queue/{noticeId} has the daily run (heldNoticeMails.ts)
 * call this again the next day, when the records are resolved anew and the rest is written.
 */
import { isActiveMember, MEMBER_EMAILS, NOTICE_DELIVERIES, NOTICES, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { adminAuth } from '../admin';
import { parentMailSettingsFromConfig } from '../config';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { isDocumentId } from './documentIds';
import { familyRecordsOf } from './familyRecords';
import { isMailLanguage, type MailLanguage } from './mailBody';
import { dailyNoticeMailBudget } from './noticeMailBudget';
import type { NoticeFacts } from './noticeMailContent';
import { writeNoticeMails } from './noticeMailWrites';
import { NO_CHOICES } from './parentChoices';
import type { ParentMailSettings } from './parentMailSettings';
import { forgetChoices, refusalOf, type ChoiceOwner } from './recipients';
import { IN_LIMIT } from '../lib/firestoreLimits';
import { LOOKUP_BATCH, limitedLookups as limited, SCAN_CHOICES_ABOVE, unique } from './lookups';

export interface NoticeMailDeps {
  auth: Auth;
  /** Asked only when there is an e-mail to write. */
  settingsOf: () => ParentMailSettings;
  /** The day's budget of notice e-mails; asked only when there is an e-mail to write. */
  budgetOf: () => Promise<number>;
  /** Whose day's budget the e-mails take from (the school's clock). */
  now: Date;
}

/** What a call did: e-mails written now, e-mails held for the next day, and whether it failed (then a later call sends the rest). */
export interface NoticeMailRun {
  mails: number;
  held: number;
  failed: boolean;
}

/** Auth's getUsers takes at most 100 identifiers a call. */
const AUTH_BATCH = 100;


/** A parent an e-mail may go to, once the records agree. */
interface Candidate extends ChoiceOwner {
  language: MailLanguage;
  /** Found through their choices (a notice's subscribers): forgotten when the records no longer lead to them. */
  fromChoices: boolean;
}

const languageOf = (doc: DocumentSnapshot | undefined): MailLanguage => {
  const language = String(doc?.get('language') ?? '');
  return isMailLanguage(language) ? language : NO_CHOICES.language;
};

/**
 * Sends the notice's e-mails that are not sent yet, as far as the day's budget goes. Never throws:
 * the notice stands; what failed is logged, and a later call for the same notice sends the rest.
 */
export async function sendNoticeMails(db: Firestore, noticeId: string, deps: Partial<NoticeMailDeps> = {}): Promise<NoticeMailRun> {
  const run = { mails: 0, held: 0, alreadySent: 0, forgotten: 0, formerMembers: 0 };
  let failed = false;
  try {
    if (!isDocumentId(noticeId)) return { mails: 0, held: 0, failed };
    const notice = await db.collection(NOTICES).doc(noticeId).get();
    if (!notice.exists || notice.get('withdrawnAt')) return { mails: 0, held: 0, failed };
    const facts: NoticeFacts = {
      noticeId,
      kind: notice.get('kind') === 'cancellation' ? 'cancellation' : 'notice',
      texts: (notice.get('texts') ?? {}) as NoticeFacts['texts'],
      languages: ((notice.get('languages') ?? []) as string[]).filter(isMailLanguage),
      cancellation: (notice.get('cancellation') ?? null) as NoticeFacts['cancellation'],
    };
    const deliveries = await db.collection(NOTICE_DELIVERIES).where('noticeId', '==', noticeId).select('memberId').get();
    const families = unique(deliveries.docs.map((doc) => String(doc.get('memberId') ?? ''))).filter(isDocumentId);
    if (families.length === 0) return { mails: 0, held: 0, failed };
    const auth = deps.auth ?? adminAuth();
    const candidates = facts.kind === 'notice' ? await noticeSubscribers(db, families) : await cancellationParents(db, auth, families);
    const recipients = await stillLeading(db, auth, candidates, run);
    if (recipients.length > 0) {
      const budget = { of: deps.budgetOf ?? (() => dailyNoticeMailBudget(db)), day: dayIn(deps.now ?? new Date(), schoolTimeZone()) };
      await writeNoticeMails(db, { notice, facts, recipients }, { settingsOf: deps.settingsOf ?? parentMailSettingsFromConfig, budget }, run);
    }
  } catch (error) {
    failed = true;
    logger.error('notice e-mails failed', { noticeId, reason: (error as Error).message, ...run });
  }
  logger.info('notice e-mails', { noticeId, ...run });
  return { mails: run.mails, held: run.held, failed };
}

/** The parents of these families who turned notices on. */
async function noticeSubscribers(db: Firestore, families: string[]): Promise<Candidate[]> {
  const choices = db.collection(NOTIFICATION_CHOICES);
  let docs: DocumentSnapshot[];
  if (families.length > SCAN_CHOICES_ABOVE) {
    const delivered = new Set(families);
    docs = (await choices.where('notices', '==', true).get()).docs.filter((doc) => delivered.has(doc.get('memberId') as string));
  } else {
    const found = await limited(chunk(families, IN_LIMIT), (batch) => choices.where('memberId', 'in', batch).get());
    docs = found.flatMap((result) => result.docs).filter((doc) => doc.get('notices') === true);
  }
  return docs.map((doc) => ({ uid: doc.id, email: String(doc.get('email') ?? ''), memberId: String(doc.get('memberId') ?? ''), language: languageOf(doc), fromChoices: true }));
}

/** Every parent of these families with an account, but those who turned lessonCancelled off. */
async function cancellationParents(db: Firestore, auth: Auth, families: string[]): Promise<Candidate[]> {
  const delivered = new Set(families);
  // Beyond a few hundred families, one read of the whole index costs less than a query per 30.
  const index =
    families.length > SCAN_CHOICES_ABOVE
      ? (await db.collection(MEMBER_EMAILS).get()).docs.filter((doc) => delivered.has(doc.get('memberId') as string))
      : (await limited(chunk(families, IN_LIMIT), (batch) => db.collection(MEMBER_EMAILS).where('memberId', 'in', batch).get())).flatMap((result) => result.docs);
  const addresses = new Map(index.map((doc) => [doc.id, String(doc.get('memberId'))]));
  const accounts = (await limited(chunk([...addresses.keys()], AUTH_BATCH), (batch) => auth.getUsers(batch.map((email) => ({ email }))))).flatMap((result) => result.users);
  const choices = await limited(chunk(accounts, LOOKUP_BATCH), (batch: UserRecord[]) =>
    db.getAll(...batch.map((user) => db.collection(NOTIFICATION_CHOICES).doc(user.uid)), { fieldMask: ['lessonCancelled', 'language'] }),
  );
  const choicesOf = new Map(choices.flat().filter((doc) => doc.exists).map((doc) => [doc.id, doc]));
  return accounts
    .filter((user) => choicesOf.get(user.uid)?.get('lessonCancelled') !== false)
    .map((user) => {
      const email = (user.email ?? '').trim().toLowerCase();
      return { uid: user.uid, email, memberId: addresses.get(email) ?? '', language: languageOf(choicesOf.get(user.uid)), fromChoices: false };
    });
}

/**
 * The candidates the records still lead to now (recipients.ts), of families whose membership is
 * still active; a refused subscriber's choices are forgotten (a former member's are kept: the
 * membership may be taken up again, and the portal then e-mails as chosen).
 */
async function stillLeading(db: Firestore, auth: Auth, candidates: Candidate[], run: { forgotten: number; formerMembers: number }): Promise<Array<Candidate & { name: string }>> {
  if (candidates.length === 0) return [];
  const [accounts, records] = await Promise.all([
    limited(chunk(unique(candidates.map((candidate) => candidate.uid)), AUTH_BATCH), (batch) => auth.getUsers(batch.map((uid) => ({ uid })))),
    familyRecordsOf(db, { emails: candidates.map((candidate) => candidate.email), memberIds: candidates.map((candidate) => candidate.memberId), paymentsOf: [] }),
  ]);
  const accountOf = new Map(accounts.flatMap((result) => result.users).map((user) => [user.uid, user]));
  const leading: Array<Candidate & { name: string }> = [];
  for (const candidate of candidates) {
    const refusal = refusalOf(candidate, accountOf.get(candidate.uid), records);
    if (refusal) {
      if (!candidate.fromChoices) continue;
      // As every parent's e-mail does: choices the records no longer lead to are deleted.
      await forgetChoices(db, candidate.uid, refusal);
      run.forgotten += 1;
      continue;
    }
    const member = records.member(candidate.memberId);
    if (!isActiveMember({ status: member?.get('status') })) {
      run.formerMembers += 1;
      continue;
    }
    leading.push({ ...candidate, name: String(member?.get('primaryName') ?? '') });
  }
  return leading;
}
