/**
 * Rate limits shared by all function instances, counted in Firestore per one-minute window in
 * `rate_limits` (closed to clients by the rules; a TTL policy on `expiresAt` deletes spent
 * counters, see firestore.indexes.json):
 * - per client network (an IPv4 address, an IPv6 /64), exact: counted in a transaction;
 * - across all clients, approximate: a few shard documents per window.
 * A request over either limit is refused after a plain read and writes nothing, so that a flood
 * of refused requests cannot turn into contention on the counters.
 */
import { createHmac, randomInt } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
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
  globalPerMinute: number;
}

/** The fixed one-minute window a moment falls in. */
export function minuteWindow(now: Date): number {
  return Math.floor(now.getTime() / WINDOW_MS);
}

/**
 * The caller's address. Behind Google's front end the client address is the last entry of
 * X-Forwarded-For (entries before it are whatever the client sent); locally, the socket's.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last || request.ip || request.socket?.remoteAddress || 'unknown';
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
  if (!secret) throw new Error('The rate-limit HMAC key is empty.');
  return createHmac('sha256', secret).update(clientNetwork(address)).digest('hex');
}

export const clientCounterId = (scope: string, key: string) => `${scope}-${key}`;

/** A window's shards have ids of their own, so a new window starts from zero without a reset. */
export const globalShardId = (scope: string, window: number, shard: number) => `${scope}-global-${window}-${shard}`;

const tooManyRequests = () =>
  new HttpError(429, 'resource-exhausted', 'Too many requests. Please wait a minute and try again.');

const countOf = (snapshot: DocumentSnapshot | undefined): number => (snapshot?.get('count') as number | undefined) ?? 0;

/** Counts the request against the limits, or throws HTTP 429 without writing anything. */
export async function enforceRateLimit(
  db: Firestore,
  limit: RateLimit,
  address: string,
  secret: string,
  now = new Date(),
): Promise<void> {
  const window = minuteWindow(now);
  const counters = db.collection(RATE_LIMITS);
  const clientRef = counters.doc(clientCounterId(limit.scope, clientKey(address, secret)));
  const shardRefs = Array.from({ length: GLOBAL_SHARDS }, (_, shard) => counters.doc(globalShardId(limit.scope, window, shard)));
  // The client's counter is reused across windows; a count from an earlier window is spent.
  const clientCount = (snapshot: DocumentSnapshot | undefined) => (snapshot?.get('window') === window ? countOf(snapshot) : 0);

  const [client, ...shards] = await db.getAll(clientRef, ...shardRefs);
  const globalCount = shards.reduce((sum, shard) => sum + countOf(shard), 0);
  if (clientCount(client) >= limit.perClientPerMinute || globalCount >= limit.globalPerMinute) throw tooManyRequests();

  // The counters are worthless once their window has passed.
  const expiresAt = Timestamp.fromMillis((window + 1) * WINDOW_MS);
  const counted = await db.runTransaction(async (transaction) => {
    const count = clientCount(await transaction.get(clientRef));
    if (count >= limit.perClientPerMinute) return false;
    transaction.set(clientRef, { window, count: count + 1, expiresAt });
    // A blind increment of one random shard: concurrent requests seldom meet on a document.
    // The ceiling is approximate: requests that read the shards at the same moment all pass it.
    const shard = counters.doc(globalShardId(limit.scope, window, randomInt(GLOBAL_SHARDS)));
    transaction.set(shard, { count: FieldValue.increment(1), expiresAt }, { merge: true });
    return true;
  });
  if (!counted) throw tooManyRequests();
}
