/**
 * Per-account limits on the endpoints a signed-in member calls, counted in Firestore
 * (`rate_limits`, closed to clients; the TTL policy on `expiresAt` deletes spent counters): a
 * fixed one-minute window, and for the endpoints that write (an AppSheet Edit each, on the quota
 * the sync shares, or an e-mail) a day's window too. A request over a limit is refused with HTTP
 * 429 and Retry-After after a plain read, and writes nothing.
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { HttpError } from './errors';
import { RATE_LIMITS } from './rateLimit';

export interface AccountLimit {
  /** Keeps the counters of different endpoints apart. */
  scope: string;
  perMinute: number;
  /** Per UTC day; none for endpoints that only read. */
  perDay?: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Enough for a parent who clicks twice or retries; far too few to flood AppSheet or a mailbox. */
export const WRITES: Omit<AccountLimit, 'scope'> = { perMinute: 10, perDay: 100 };
export const READS: Omit<AccountLimit, 'scope'> = { perMinute: 10 };

export const MEMBER_LIMITS = {
  updateMemberData: { scope: 'updateMemberData', ...WRITES },
  cancelMembership: { scope: 'cancelMembership', ...WRITES },
  setNotificationChoices: { scope: 'setNotificationChoices', ...WRITES },
  deleteMyAccount: { scope: 'deleteMyAccount', ...WRITES },
  exportMyData: { scope: 'exportMyData', ...READS },
  getNotificationChoices: { scope: 'getNotificationChoices', ...READS },
  createCalendarFeed: { scope: 'createCalendarFeed', ...WRITES },
  deleteCalendarFeed: { scope: 'deleteCalendarFeed', ...WRITES },
  getCalendarFeed: { scope: 'getCalendarFeed', ...READS },
  subscribePush: { scope: 'subscribePush', ...WRITES },
  unsubscribePush: { scope: 'unsubscribePush', ...WRITES },
  getPushSettings: { scope: 'getPushSettings', ...READS },
  giveMandate: { scope: 'giveMandate', ...WRITES },
  revokeMandate: { scope: 'revokeMandate', ...WRITES },
  confirmMandate: { scope: 'confirmMandate', ...WRITES },
} satisfies Record<string, AccountLimit>;

export const accountCounterId = (scope: string, uid: string) => `${scope}-account-${uid}`;

interface Windows {
  minute: number;
  day: number;
}

const windowsAt = (now: Date): Windows => ({ minute: Math.floor(now.getTime() / MINUTE_MS), day: Math.floor(now.getTime() / DAY_MS) });

/** The counts of the windows `now` falls in; counts of earlier windows are spent. */
function counts(snapshot: DocumentSnapshot, windows: Windows) {
  return {
    minute: snapshot.get('minute') === windows.minute ? ((snapshot.get('minuteCount') as number | undefined) ?? 0) : 0,
    day: snapshot.get('day') === windows.day ? ((snapshot.get('dayCount') as number | undefined) ?? 0) : 0,
  };
}

/** Seconds until the request may be made again, or 0 when it may be now. Pure. */
export function waitFor(limit: AccountLimit, current: { minute: number; day: number }, now: Date): number {
  const until = (windowMs: number) => Math.max(1, Math.ceil((windowMs - (now.getTime() % windowMs)) / 1000));
  if (limit.perDay !== undefined && current.day >= limit.perDay) return until(DAY_MS);
  if (current.minute >= limit.perMinute) return until(MINUTE_MS);
  return 0;
}

const tooMany = (seconds: number) =>
  new HttpError('resource-exhausted', `Too many requests from this account. Try again in ${seconds} s.`, { retryAfterSeconds: seconds }, seconds);

/** Counts the request against the account's limit, or throws HTTP 429 without writing anything. */
export async function enforceAccountLimit(db: Firestore, limit: AccountLimit, uid: string, now = new Date()): Promise<void> {
  const windows = windowsAt(now);
  const ref = db.collection(RATE_LIMITS).doc(accountCounterId(limit.scope, uid));
  const refused = waitFor(limit, counts(await ref.get(), windows), now);
  if (refused > 0) throw tooMany(refused);
  const expiresAt = Timestamp.fromMillis((limit.perDay === undefined ? windows.minute * MINUTE_MS + MINUTE_MS : (windows.day + 1) * DAY_MS));
  const wait = await db.runTransaction(async (transaction) => {
    const current = counts(await transaction.get(ref), windows);
    const seconds = waitFor(limit, current, now);
    if (seconds > 0) return seconds;
    transaction.set(ref, { minute: windows.minute, minuteCount: current.minute + 1, day: windows.day, dayCount: current.day + 1, expiresAt });
    return 0;
  });
  if (wait > 0) throw tooMany(wait);
}
