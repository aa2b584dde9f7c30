/**
 * Rate limits shared by all function instances, counted in Firestore per one-minute window in
 * `rate_limits` (closed to clients by the rules; a TTL policy on `expiresAt` deletes spent
 * counters, see firestore.indexes.json):
 * - per client network (an IPv4 address, an IPv6 /64), exact: counted in a transaction;
 * - per IPv6 /48 (a site: one holder picks among its 65,536 /64s at will), exact: counted in the
 *   same transaction;
 * - or per thing a request names (a signed link's token), exact, where the callers are servers
 *   that many people share (a mail provider's, for one-click unsubscribes);
 * - across all clients, approximate: a few shard documents per window.
 * A request over any of these limits is refused after a plain read and writes nothing, so that a
 * flood of refused requests cannot turn into contention on the counters.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { HttpError } from './errors';

export const RATE_LIMITS = 'rate_limits';

/**
 * Shards of a global counter. Firestore sustains about one write a second on one document;
 * ten shards carry a ceiling of a few hundred a minute with room to spare.
 */
export const GLOBAL_SHARDS = 10;

const WINDOW_MS = 60_000;

export interface RateLimit {
  /** Keeps the counters of different endpoints apart. */
  scope: string;
  perClientPerMinute: number;
  /** Per IPv6 /48, for all its /64s together. */
  perSitePerMinute: number;
  globalPerMinute: number;
}

/** The fixed one-minute window a moment falls in. */
export function minuteWindow(now: Date): number {
  return Math.floor(now.getTime() / WINDOW_MS);
}

/**
 * The caller's address, from X-Forwarded-For. Each hop appends the address a request came to it
 * from: Google's front end last, and before it each of the `trustedProxies` proxies of the
 * project's own (a load balancer, a Hosting rewrite; TRUSTED_PROXY_COUNT in config.ts). So the
 * client is the entry `trustedProxies` places before the last; entries before it are whatever the
 * client sent and are never used.
 * A header with no more entries than that cannot have passed every trusted proxy: the call came
 * past them, straight to the functions. Its last entry, the one Google's front end wrote, is then
 * the caller. Any earlier entry may be one the caller wrote, and taking it would let a caller
 * pick a fresh counter for every request. Without a header (locally), the socket's address.
 */
export function clientAddress(request: Request, trustedProxies = 0): string {
  const entries = (request.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const client = entries.length > trustedProxies ? entries.at(-1 - trustedProxies) : entries.at(-1);
  return client || request.ip || request.socket?.remoteAddress || 'unknown';
}

const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * The network a client is counted by. An IPv4 address is one client. An IPv6 subscriber gets
 * at least a /64 and picks addresses inside it at will, so the /64 is one client; an
 * IPv4-mapped IPv6 address (a dual-stack socket's view of an IPv4 client) is its IPv4 address.
 * Anything that is not an address is counted as it is.
 */
export function clientNetwork(address: string): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  // The zone of a link-local address (fe80::1%eth0) names an interface of this host, not the client.
  const bare = trimmed.split('%')[0] ?? '';
  if (!isIPv6(bare)) return trimmed.toLowerCase();
  const groups = ipv6Groups(bare);
  if (IPV4_MAPPED.check(bare, 'ipv6')) {
    return groups.slice(6).flatMap((group) => [group >> 8, group & 0xff]).join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

/**
 * The site a client belongs to, counted apart from its /64: an IPv6 /48 (what a provider
 * typically delegates to one customer or site); null for IPv4 and anything that is not an address.
 */
export function clientSite(address: string): string | null {
  const bare = address.trim().split('%')[0] ?? '';
  if (isIPv4(bare) || !isIPv6(bare) || IPV4_MAPPED.check(bare, 'ipv6')) return null;
  return `${ipv6Groups(bare).slice(0, 3).map((group) => group.toString(16)).join(':')}::/48`;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  // The URL parser writes an IPv6 host canonically: lower-case hex groups only (an embedded
  // IPv4 part becomes two groups), with at most one '::'. Only that '::' is left to expand.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The id a client's counter is stored under: an HMAC of its network. A plain hash of an
 * address can be reversed by hashing every IPv4 address (2³² guesses); without the secret
 * the stored ids reveal nothing.
 */
export function clientKey(address: string, secret: string): string {
  return hmac(clientNetwork(address), secret);
}

function hmac(network: string, secret: string): string {
  if (!secret) throw new Error('The rate-limit HMAC key is empty.');
  return createHmac('sha256', secret).update(network).digest('hex');
}

/** The site's counter key, or null when the client has no site tier (IPv4). */
export function siteKey(address: string, secret: string): string | null {
  const site = clientSite(address);
  return site === null ? null : hmac(site, secret);
}

export const clientCounterId = (scope: string, key: string) => `${scope}-${key}`;

/** A /48's counter: the network text differs from every /64's, so their HMACs never meet. */
export const siteCounterId = (scope: string, key: string) => `${scope}-site-${key}`;

/** A window's shards have ids of their own, so a new window starts from zero without a reset. */
export const globalShardId = (scope: string, window: number, shard: number) => `${scope}-global-${window}-${shard}`;

/** The answer to a request over a limit: it may be made again when the minute's window ends. */
const tooManyRequests = (now: Date) => {
  const seconds = Math.max(1, Math.ceil((WINDOW_MS - (now.getTime() % WINDOW_MS)) / 1000));
  return new HttpError('resource-exhausted', 'Too many requests. Please wait a minute and try again.', { retryAfterSeconds: seconds }, seconds);
};

const countOf = (snapshot: DocumentSnapshot | undefined): number => (snapshot?.get('count') as number | undefined) ?? 0;

/** One counter a request is counted on, reused across windows, with its limit for one window. */
interface Counter {
  ref: DocumentReference;
  perMinute: number;
}

/**
 * Counts a request on `counters` and on the scope's global shards, or throws HTTP 429 without
 * writing anything: over a limit after a plain read, and again inside the transaction.
 */
async function count(db: Firestore, scope: string, counters: Counter[], globalPerMinute: number, now: Date): Promise<void> {
  const window = minuteWindow(now);
  const shardRefs = Array.from({ length: GLOBAL_SHARDS }, (_, shard) => db.collection(RATE_LIMITS).doc(globalShardId(scope, window, shard)));
  // A counter is reused across windows; a count from an earlier window is spent.
  const windowCount = (snapshot: DocumentSnapshot | undefined) => (snapshot?.get('window') === window ? countOf(snapshot) : 0);
  const overLimit = (snapshots: Array<DocumentSnapshot | undefined>) => counters.some((counter, i) => windowCount(snapshots[i]) >= counter.perMinute);

  const read = await db.getAll(...counters.map((counter) => counter.ref), ...shardRefs);
  const globalCount = read.slice(counters.length).reduce((sum, shard) => sum + countOf(shard), 0);
  if (overLimit(read) || globalCount >= globalPerMinute) throw tooManyRequests(now);

  // The counters are worthless once their window has passed.
  const expiresAt = Timestamp.fromMillis((window + 1) * WINDOW_MS);
  const counted = await db.runTransaction(async (transaction) => {
    const current = await Promise.all(counters.map((counter) => transaction.get(counter.ref)));
    if (overLimit(current)) return false;
    counters.forEach((counter, i) => transaction.set(counter.ref, { window, count: windowCount(current[i]) + 1, expiresAt }));
    // A blind increment of one random shard: concurrent requests seldom meet on a document.
    // The ceiling is approximate: requests that read the shards at the same moment all pass it.
    transaction.set(shardRefs[randomInt(GLOBAL_SHARDS)]!, { count: FieldValue.increment(1), expiresAt }, { merge: true });
    return true;
  });
  if (!counted) throw tooManyRequests(now);
}

/** Counts the request against the limits of its client address, or throws HTTP 429 without writing anything. */
export async function enforceRateLimit(
  db: Firestore,
  limit: RateLimit,
  address: string,
  secret: string,
  now = new Date(),
): Promise<void> {
  const counters = db.collection(RATE_LIMITS);
  const site = siteKey(address, secret);
  await count(
    db,
    limit.scope,
    [
      { ref: counters.doc(clientCounterId(limit.scope, clientKey(address, secret))), perMinute: limit.perClientPerMinute },
      ...(site === null ? [] : [{ ref: counters.doc(siteCounterId(limit.scope, site)), perMinute: limit.perSitePerMinute }]),
    ],
    limit.globalPerMinute,
    now,
  );
}

/** A limit per thing a request names (a signed link's token), with a ceiling across all of them. */
export interface KeyedLimit {
  scope: string;
  perKeyPerMinute: number;
  globalPerMinute: number;
}

/** A keyed counter's id: a hash of the key, so that the stored ids do not give the keys away. */
export const keyedCounterId = (scope: string, key: string) => `${scope}-key-${createHash('sha256').update(key).digest('hex')}`;

/** Counts the request against its key's limit and the global ceiling, or throws HTTP 429 without writing anything. */
export async function enforceKeyedLimit(db: Firestore, limit: KeyedLimit, key: string, now = new Date()): Promise<void> {
  await count(db, limit.scope, [{ ref: db.collection(RATE_LIMITS).doc(keyedCounterId(limit.scope, key)), perMinute: limit.perKeyPerMinute }], limit.globalPerMinute, now);
}
