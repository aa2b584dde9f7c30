/**
 * The family's private calendar subscription (feed.ts). A parent makes an address on the plans
 * page; its token is 32 random bytes, shown once and stored only as its SHA-256
 * (calendar_feeds/{hash} → uid, address, member id, language; closed to clients). Making a new one
 * deletes the old, which then answers 404 at once.
 *
 * Calendar apps fetch GET /calendar/<token>.ics every few minutes to hours, without signing in.
 * Each fetch is first limited per client network in memory, before any read (FEED_FLOOD_LIMIT),
 * then per token and re-checks, like the e-mails, that the account still exists
 * and its address still leads through the member index to the same member; otherwise the feed is
 * deleted and the answer is 404, which reveals nothing. A family whose membership ended gets 404
 * too (its address is kept, see below). The ETag is the feed's content hash; what it is made
 * from follows the last successful sync (which also brings closed days)
 * and the school's day; a lesson cancelled or its cancellation withdrawn clears the stored ETag
 * of its families' feeds (notices/feedEtags.ts). While the basis is as at the last answer, a poll
 * with that ETag gets 304 without reading the family's plans or cancellations.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEEDS,
  calendarFeedBody,
  isActiveMember,
  MEMBER_REFERENCES,
  NOTICE_DELIVERIES,
  SYNC_FRESHNESS_PATH,
} from '@family-portal/contract';
import type { Request, Response } from 'express';
import type { DocumentReference, Firestore, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { adminAuth, adminDb } from '../admin';
import { functionsBaseUrlFromEnvironment, trustedProxiesFromEnvironment } from '../config';
import { enforceAccountLimit, MEMBER_LIMITS, type AccountLimit } from '../http/accountLimit';
import { badRequest, HttpError, sendError } from '../http/errors';
import { FloodGuard } from '../http/floodGuard';
import { clientAddress } from '../http/rateLimit';
import { callerAndActiveMember, callerAndMember, limitedCaller } from '../http/memberCaller';
import type { MailLanguage } from '../notifications/mailBody';
import { familyRecordsOf } from '../notifications/familyRecords';
import { accountsOf, refusalOf } from '../notifications/recipients';
import { storedClosedDays } from '../sync/family/schoolCalendar';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import type { FeedCancellation } from './cancelledOccurrences';
import { calendarFeed, type FeedFamily } from './feed';

/** A calendar app polls every few minutes at most; a minute's 60 leaves room for a few apps on one address. */
export const FEED_LIMIT: AccountLimit = { scope: 'calendar', perMinute: 60 };

/**
 * Per client network, before any Firestore read (http/floodGuard.ts). Twice a token's limit for
 * the apps of a household or a calendar service's fetcher, which polls many families' feeds
 * from few addresses; ten addresses that do not exist a minute, where a real app asks for a
 * removed one now and then.
 */
export const FEED_FLOOD_LIMIT = { perClientPerMinute: 120, missesPerClientPerMinute: 10, perSitePerMinute: 480 };
const floodGuard = new FloodGuard(FEED_FLOOD_LIMIT);

const tooManyRequests = (seconds: number) =>
  new HttpError('resource-exhausted', 'Too many requests from this address. Please wait a minute and try again.', { retryAfterSeconds: seconds }, seconds);
/** How long a calendar app may keep an answer before asking again. */
const MAX_AGE_SECONDS = 15 * 60;
const TOKEN = /^\/([A-Za-z0-9_-]{43})\.ics$/;

export interface StoredFeed {
  uid: string;
  email: string;
  memberId: string;
  language: MailLanguage;
  createdAt: string;
  /** The ETag of the last answer, and what it was made from (the last sync, the day, the language). */
  etag?: string;
  basis?: string;
}

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feeds = (db: Firestore) => db.collection(CALENDAR_FEEDS);

export function feedUrls(token: string, base = functionsBaseUrlFromEnvironment()) {
  const url = `${base}/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** POST {language}: a new address for the caller's family; any earlier one stops working. */
export async function createCalendarFeed(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, MEMBER_LIMITS.createCalendarFeed);
  const parsed = calendarFeedBody.safeParse(request.body);
  if (!parsed.success) throw badRequest('Send a JSON body {"language": "en" | "de" | "ru"}.');
  const db = adminDb();
  const token = randomBytes(32).toString('base64url');
  const stored: StoredFeed = { uid: caller.uid, email: caller.email, memberId: member.id, language: parsed.data.language, createdAt: new Date().toISOString() };
  // One transaction: the query for the earlier address is part of what it reads, so of two calls
  // at once the second runs again after the first and deletes the first's address.
  await db.runTransaction(async (transaction) => {
    const earlier = await transaction.get(feeds(db).where('uid', '==', caller.uid));
    for (const doc of earlier.docs) transaction.delete(doc.ref);
    transaction.create(feeds(db).doc(hashOf(token)), stored);
  });
  return { data: { ...feedUrls(token), createdAt: stored.createdAt } };
}

/**
 * POST: stops the caller's address without making a new one (a phone lost, an address shared by
 * mistake, no calendar wanted). Any verified account may stop its own: a family whose membership
 * ended has its address stopped at the next poll anyway.
 */
export async function deleteCalendarFeed(request: Request) {
  const caller = await limitedCaller(request, MEMBER_LIMITS.deleteCalendarFeed);
  const db = adminDb();
  await db.runTransaction(async (transaction) => {
    const earlier = await transaction.get(feeds(db).where('uid', '==', caller.uid));
    for (const doc of earlier.docs) transaction.delete(doc.ref);
  });
  return { data: { createdAt: null, language: null } };
}

/** GET: whether the caller has an address (the address itself was shown once, when it was made). */
export async function getCalendarFeed(request: Request) {
  const { caller } = await callerAndMember(request, MEMBER_LIMITS.getCalendarFeed);
  const [feed] = (await feeds(adminDb()).where('uid', '==', caller.uid).limit(1).get()).docs;
  return { data: { createdAt: (feed?.get('createdAt') as string | undefined) ?? null, language: (feed?.get('language') as MailLanguage | undefined) ?? null } };
}

const notFound = () => new HttpError('not-found', 'There is no calendar at this address.');

interface Copied {
  id: string;
  [field: string]: unknown;
}
const byId = <T>(documents: unknown) => new Map(((documents as Copied[] | undefined) ?? []).map((doc) => [doc.id, doc as unknown as T]));

async function readFamily(db: Firestore, memberId: string): Promise<FeedFamily> {
  const [plans, children, quarters, references, cancellations, closedDays] = await Promise.all([
    db.collection('plans').where('memberId', '==', memberId).get(),
    db.collection('children').where('memberId', '==', memberId).select('name').get(),
    db.collection('quarters').get(),
    db.collection(MEMBER_REFERENCES).doc(memberId).get(),
    // A withdrawn cancellation's deliveries are deleted: what is left still holds.
    db.collection(NOTICE_DELIVERIES).where('memberId', '==', memberId).where('kind', '==', 'cancellation').select('cancellation').get(),
    storedClosedDays(db),
  ]);
  return {
    plans: plans.docs.map((doc) => ({
      id: doc.id,
      childId: String(doc.get('childId') ?? ''),
      quarterId: String(doc.get('quarterId') ?? ''),
      lessonId: String(doc.get('lessonId') ?? ''),
      roomHourIds: ((doc.get('roomHourIds') as unknown[] | undefined) ?? []).map(String),
    })),
    children: children.docs.map((doc) => ({ id: doc.id, name: String(doc.get('name') ?? '') })),
    quarters: quarters.docs.map((doc) => ({
      id: doc.id,
      name: String(doc.get('name') ?? ''),
      status: String(doc.get('status') ?? ''),
      firstDay: String(doc.get('firstDay') ?? ''),
      lastDay: String(doc.get('lastDay') ?? ''),
    })),
    lessons: byId(references.get('lessons')),
    roomHours: byId(references.get('roomHours')),
    teachers: byId(references.get('teachers')),
    cancellations: cancellations.docs.flatMap((doc) => {
      const cancellation = doc.get('cancellation') as Partial<FeedCancellation> | null | undefined;
      // lessonId null: the school closed that day (closeSchool).
      if (!cancellation || (typeof cancellation.lessonId !== 'string' && cancellation.lessonId !== null) || typeof cancellation.date !== 'string') return [];
      return [{ lessonId: cancellation.lessonId, date: cancellation.date, roomHourId: cancellation.roomHourId ?? null, reason: String(cancellation.reason ?? '') }];
    }),
    closedDays,
  };
}

const FAILED_PRECONDITION = 9;

/**
 * Keeps the answer's ETag only if the feed is unchanged since it was read: a cancellation that
 * cleared it meanwhile (after this poll read the family without it) must not be hidden behind a
 * 304 until the next day. The next poll then builds the feed again.
 */
async function storeEtag(ref: DocumentReference, readAt: Timestamp | undefined, etag: string, basis: string): Promise<void> {
  try {
    await ref.update({ etag, basis }, readAt ? { lastUpdateTime: readAt } : {});
  } catch (error) {
    if ((error as { code?: number }).code !== FAILED_PRECONDITION) throw error;
  }
}

/** GET /calendar/<token>.ics, without signing in: the token is the proof. */
export async function serveCalendarFeed(request: Request, response: Response): Promise<void> {
  try {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.set('Allow', 'GET');
      throw new HttpError('method-not-allowed', 'Use GET for a calendar.');
    }
    const address = clientAddress(request, trustedProxiesFromEnvironment());
    const wait = floodGuard.admit(address);
    if (wait > 0) throw tooManyRequests(wait);
    const token = TOKEN.exec(request.path)?.[1];
    const db = adminDb();
    const ref = token ? feeds(db).doc(hashOf(token)) : null;
    const snapshot = ref ? await ref.get() : null;
    if (!ref || !snapshot?.exists) {
      floodGuard.missed(address);
      throw notFound();
    }
    await enforceAccountLimit(db, FEED_LIMIT, snapshot.id);
    const feed = snapshot.data() as StoredFeed;

    const [accounts, records, freshness] = await Promise.all([
      accountsOf(adminAuth(), [feed.uid]),
      familyRecordsOf(db, { emails: [feed.email], memberIds: [feed.memberId], paymentsOf: [] }),
      db.collection(SYNC_FRESHNESS_PATH.collection).doc(SYNC_FRESHNESS_PATH.doc).get(),
    ]);
    const refusal = refusalOf(feed, accounts.get(feed.uid), records);
    if (refusal) {
      await ref.delete();
      logger.info('calendar feed deleted: the records no longer lead to its account', { uid: feed.uid, reason: refusal });
      throw notFound();
    }
    // A family whose membership ended gets no calendar, but its address is kept: a status set
    // inactive by mistake and restored by the office serves the same subscription again.
    if (!isActiveMember(records.member(feed.memberId)?.data())) {
      logger.info('calendar feed refused: the membership has ended', { uid: feed.uid });
      throw notFound();
    }

    const timeZone = schoolTimeZone();
    const today = dayIn(new Date(), timeZone);
    const basis = `${String(freshness.get('lastSuccessfulSyncAt') ?? '')}|${today}|${feed.language}`;
    response.set({
      'Cache-Control': `private, max-age=${MAX_AGE_SECONDS}`,
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    });
    const asked = request.get('if-none-match');
    if (feed.etag && feed.basis === basis && asked === feed.etag) {
      response.set('ETag', feed.etag).status(304).end();
      return;
    }
    const { ics } = calendarFeed(await readFamily(db, feed.memberId), { language: feed.language, timeZone, today, domain: 'family-portal', stamp: feed.createdAt });
    const etag = `"${createHash('sha256').update(ics).digest('base64url').slice(0, 27)}"`;
    if (feed.etag !== etag || feed.basis !== basis) await storeEtag(ref, snapshot.updateTime, etag, basis);
    response.set('ETag', etag);
    if (asked === etag) {
      response.status(304).end();
      return;
    }
    response.status(200).type('text/calendar; charset=utf-8').send(ics);
  } catch (error) {
    sendError(response, error);
  }
}
