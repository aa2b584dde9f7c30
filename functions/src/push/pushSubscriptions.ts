/**
 * A parent's devices that get pushes: push_subscriptions/{SHA-256 of the endpoint} → the account,
 * its address and member, the endpoint and its keys, the session that turned it on, the browser
 * and system its User-Agent named, and when the last push went to it (closed to clients). A
 * browser has one subscription per site, so the endpoint names the device: a second parent
 * signing in on the same browser and turning it on takes the device over. An account keeps at
 * most MAX_DEVICES; turning on one more replaces its oldest.
 *
 * The endpoint is a capability of sorts and the id is derived from it, so neither leaves the
 * functions: the account's list names each device by a random handle. The device itself keeps a
 * random release key (stored here hashed), with which it drops its own subscription once its
 * session has ended and no token is left to ask with.
 *
 * The functions send to whatever endpoint a device gave, so only the push services of the
 * browsers are accepted (https, their hosts), and in the emulators a local one.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PUSH_SUBSCRIPTIONS, type PushDevice, type PushSubscriptionBody } from '@family-portal/contract';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { DeviceNames } from '../lib/userAgent';

/** A phone, a tablet, a laptop or two per parent, with room to spare. */
export const MAX_DEVICES = 10;

/**
 * The push services of Chrome and Android (FCM), Firefox (Mozilla autopush), Safari and iOS
 * (Apple) and Edge (Windows Push Notification Services), by host or host suffix.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_SERVICE_SUFFIXES = ['.push.apple.com', '.notify.windows.com', '.push.services.mozilla.com'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether the functions may send to this endpoint: a browser's push service, or locally the emulators' own. */
export function isPushServiceEndpoint(endpoint: string, { emulated = process.env.FUNCTIONS_EMULATOR === 'true' } = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (emulated && url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return true;
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  return PUSH_SERVICE_HOSTS.includes(url.hostname) || PUSH_SERVICE_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix));
}

/** The stored document's id: the endpoint's SHA-256, hex. Never leaves the functions. */
export const deviceId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface StoredPushSubscription {
  uid: string;
  email: string;
  memberId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
  /** The opaque handle the account's list names the device by (16 random bytes, base64url). */
  device: string;
  /** SHA-256 of the key the device keeps to release itself after its session ended. */
  releaseKeyHash: string;
  /** When the session that turned it on was signed in (the token's auth_time, seconds): a revocation after it ends the device's pushes. */
  signedInAt: number | null;
  browser: string | null;
  system: string | null;
  lastPushAt: string | null;
}

/** Who turns the device on, and with which session (absent: taken from the moment it is stored). */
export interface SubscriptionOwner {
  uid: string;
  email: string;
  memberId: string;
  signedInAt?: number;
}

/** What the device keeps: its handle, and the key that releases it without a session (shown once). */
export interface SavedDevice {
  device: string;
  releaseKey: string;
}

/**
 * Stores the device for the account (taking it over from another, with a new handle and key), and
 * drops the account's oldest beyond MAX_DEVICES.
 */
export async function saveSubscription(
  db: Firestore,
  owner: SubscriptionOwner,
  subscription: PushSubscriptionBody,
  names: DeviceNames = { browser: null, system: null },
  now = new Date(),
): Promise<SavedDevice> {
  const saved: SavedDevice = { device: randomBytes(16).toString('base64url'), releaseKey: randomBytes(32).toString('base64url') };
  const stored: StoredPushSubscription = {
    uid: owner.uid,
    email: owner.email,
    memberId: owner.memberId,
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    createdAt: now.toISOString(),
    device: saved.device,
    releaseKeyHash: sha256(saved.releaseKey),
    signedInAt: owner.signedInAt ?? null,
    browser: names.browser,
    system: names.system,
    lastPushAt: null,
  };
  await db.collection(PUSH_SUBSCRIPTIONS).doc(deviceId(subscription.endpoint)).set(stored);
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', owner.uid).select('createdAt').get();
  const oldestFirst = devices.docs.sort((a, b) => String(a.get('createdAt')).localeCompare(String(b.get('createdAt'))));
  await Promise.all(oldestFirst.slice(0, Math.max(0, oldestFirst.length - MAX_DEVICES)).map((doc) => doc.ref.delete()));
  return saved;
}

/** Removes the device (by its endpoint) if it is the account's; another account's device stays. */
export async function removeSubscription(db: Firestore, uid: string, endpoint: string): Promise<boolean> {
  return removeIf(db, db.collection(PUSH_SUBSCRIPTIONS).doc(deviceId(endpoint)), (stored) => stored.get('uid') === uid);
}

/** Removes the account's device with this handle (the list's "Remove"); false when the account has none such. */
export async function removeDeviceOf(db: Firestore, uid: string, device: string): Promise<boolean> {
  const found = await db.collection(PUSH_SUBSCRIPTIONS).where('device', '==', device).select().get();
  const removed = await Promise.all(found.docs.map((doc) => removeIf(db, doc.ref, (stored) => stored.get('uid') === uid && stored.get('device') === device)));
  return removed.includes(true);
}

/**
 * Removes the device at this endpoint when the key is the one it was given: the device releases
 * itself, without a session, once the session that turned it on has ended.
 */
export async function releaseSubscription(db: Firestore, endpoint: string, releaseKey: string): Promise<boolean> {
  const expected = Buffer.from(sha256(releaseKey), 'hex');
  return removeIf(db, db.collection(PUSH_SUBSCRIPTIONS).doc(deviceId(endpoint)), (stored) => {
    const hash: unknown = stored.get('releaseKeyHash');
    return typeof hash === 'string' && hash.length === 64 && timingSafeEqual(Buffer.from(hash, 'hex'), expected);
  });
}

async function removeIf(db: Firestore, ref: DocumentReference, allowed: (stored: DocumentSnapshot) => boolean): Promise<boolean> {
  return db.runTransaction(async (transaction) => {
    const stored = await transaction.get(ref);
    if (!stored.exists || !allowed(stored)) return false;
    transaction.delete(ref);
    return true;
  });
}

/** The account's devices as its list shows them, newest first: by handle, never by endpoint or id. */
export async function devicesOf(db: Firestore, uid: string): Promise<PushDevice[]> {
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', uid).select('device', 'browser', 'system', 'createdAt', 'lastPushAt').get();
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return devices.docs
    .map((doc) => ({ device: text(doc.get('device')), browser: text(doc.get('browser')), system: text(doc.get('system')), since: String(doc.get('createdAt')), lastPushAt: text(doc.get('lastPushAt')) }))
    .filter((device): device is PushDevice => device.device !== null)
    .sort((a, b) => b.since.localeCompare(a.since));
}

/** Every device of the account: deleted with the account (members/accountData.ts). */
export async function removeAllSubscriptions(db: Firestore, uid: string): Promise<void> {
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', uid).select().get();
  await Promise.all(devices.docs.map((doc) => doc.ref.delete()));
}
