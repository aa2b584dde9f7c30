/**
 * A parent's devices that get pushes: push_subscriptions/{SHA-256 of the endpoint} → the account,
 * its address and member, the endpoint and its keys (closed to clients). A browser has one
 * subscription per site, so the endpoint names the device: a second parent signing in on the
 * same browser and turning it on takes the device over. An account keeps at most
 * MAX_DEVICES; turning on one more replaces its oldest.
 *
 * The functions send to whatever endpoint a device gave, so only the push services of the
 * browsers are accepted (https, their hosts), and in the emulators a local one.
 */
import { createHash } from 'node:crypto';
import { PUSH_SUBSCRIPTIONS, type PushSubscriptionBody } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';

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

/** A device's id: the endpoint's SHA-256, hex; the web app computes the same to find its own. */
export const deviceId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

export interface StoredPushSubscription {
  uid: string;
  email: string;
  memberId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}

/** Stores the device for the account (taking it over from another), and drops the account's oldest beyond MAX_DEVICES. */
export async function saveSubscription(db: Firestore, owner: { uid: string; email: string; memberId: string }, subscription: PushSubscriptionBody, now = new Date()): Promise<string> {
  const id = deviceId(subscription.endpoint);
  const stored: StoredPushSubscription = { ...owner, endpoint: subscription.endpoint, keys: subscription.keys, createdAt: now.toISOString() };
  await db.collection(PUSH_SUBSCRIPTIONS).doc(id).set(stored);
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', owner.uid).select('createdAt').get();
  const oldestFirst = devices.docs.sort((a, b) => String(a.get('createdAt')).localeCompare(String(b.get('createdAt'))));
  await Promise.all(oldestFirst.slice(0, Math.max(0, oldestFirst.length - MAX_DEVICES)).map((doc) => doc.ref.delete()));
  return id;
}

/** Removes the device if it is the account's; another account's device stays. */
export async function removeSubscription(db: Firestore, uid: string, endpoint: string): Promise<boolean> {
  const ref = db.collection(PUSH_SUBSCRIPTIONS).doc(deviceId(endpoint));
  return db.runTransaction(async (transaction) => {
    const stored = await transaction.get(ref);
    if (!stored.exists || stored.get('uid') !== uid) return false;
    transaction.delete(ref);
    return true;
  });
}

/** The ids of the account's devices. */
export async function devicesOf(db: Firestore, uid: string): Promise<string[]> {
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', uid).select().get();
  return devices.docs.map((doc) => doc.id);
}

/** Every device of the account: deleted with the account (members/accountData.ts). */
export async function removeAllSubscriptions(db: Firestore, uid: string): Promise<void> {
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', uid).select().get();
  await Promise.all(devices.docs.map((doc) => doc.ref.delete()));
}
