/**
 * The page's side of Web Push (docs/push.md): whether this device can get notifications, and
 * turning them on and off for the signed-in account. On: the browser's permission is asked only
 * then (a click on "Notify this device"), the browser's push service gives a subscription for the
 * portal's VAPID key, and the functions store it (subscribePush). Off, and on signing out on this
 * device: the functions forget it and the browser drops it. When the session ended otherwise, the
 * next page start releases it (auth/endedSessionDevice.ts, releaseThisDevice).
 *
 * Locally (`npm start`, and the browser tests), builds with VITE_PUSH_SERVICE_URL take the
 * subscription from the local push service (tools/push) instead: Chromium's own push service is on
 * the internet, and the local one decrypts and shows what the functions send, as the e-mail inbox
 * does. Production builds never have it.
 */
import { releasePushDevice, subscribePush, unsubscribePush } from './push';
import { PUSH_ENDPOINT_KEY } from '../lib/pushDeviceKey';
import { registerServiceWorker } from '../lib/serviceWorker';

/**
 * - `available`: the browser can subscribe (the parent may still refuse);
 * - `install-first`: iOS and iPadOS allow pushes only to a portal added to the home screen;
 * - `blocked`: the parent refused notifications for the portal in the browser's settings;
 * - `unsupported`: this browser has no Web Push.
 */
export type PushAvailability = 'available' | 'install-first' | 'blocked' | 'unsupported';

export interface PushEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  /** The portal runs as an installed app (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  hasPush: boolean;
  permission: NotificationPermission | null;
}

/** Where this device stands, from what the browser tells. Pure. */
export function pushAvailability(environment: PushEnvironment, { localService = false } = {}): PushAvailability {
  // iPadOS says it is a Mac; a Mac has no touch screen.
  const apple = /iPhone|iPad|iPod/.test(environment.userAgent) || (/Macintosh/.test(environment.userAgent) && environment.maxTouchPoints > 1);
  if (apple && !environment.standalone) return 'install-first';
  if (environment.permission === 'denied') return 'blocked';
  if (environment.permission === null || (!environment.hasPush && !localService)) return 'unsupported';
  return 'available';
}

const LOCAL_PUSH_SERVICE = import.meta.env.VITE_USE_EMULATORS === 'true' ? import.meta.env.VITE_PUSH_SERVICE_URL : undefined;

export function currentPushEnvironment(): PushEnvironment {
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone,
    hasPush: 'serviceWorker' in navigator && 'PushManager' in window,
    permission: 'Notification' in window ? Notification.permission : null,
  };
}

export const thisDeviceAvailability = () => pushAvailability(currentPushEnvironment(), { localService: Boolean(LOCAL_PUSH_SERVICE) });

/** The VAPID public key (base64url) as pushManager.subscribe takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

async function pushManager(): Promise<PushManager> {
  await registerServiceWorker();
  return (await navigator.serviceWorker.ready).pushManager;
}

/**
 * Which account this device was turned on for, its endpoint, and what the functions gave it: its
 * handle in the account's list, and the key that releases it once the session has ended (kept
 * beside the browser's subscription; an entry from before they were given has neither).
 */
interface TurnedOn {
  uid: string;
  endpoint: string;
  device?: string;
  releaseKey?: string;
}

function turnedOn(): TurnedOn | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PUSH_ENDPOINT_KEY) ?? 'null') as Partial<TurnedOn> | null;
    if (typeof stored?.uid !== 'string' || typeof stored.endpoint !== 'string') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return { uid: stored.uid, endpoint: stored.endpoint, device: text(stored.device), releaseKey: text(stored.releaseKey) };
  } catch {
    return null;
  }
}

/** Whether the browser's own push subscription counts: not with the local push service, nor before a worker controls the page. */
const withBrowserSubscription = () => !LOCAL_PUSH_SERVICE && 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;

async function browserSubscription(): Promise<PushSubscription | null> {
  return withBrowserSubscription() ? (await navigator.serviceWorker.ready).pushManager.getSubscription() : null;
}

/**
 * The browser drops its subscription, so its push service refuses whatever is still sent to it
 * (the functions then delete the device at the first 410). By the worker's registration, which
 * also a page no worker controls yet finds (a hard reload), and without waiting for one where
 * none is registered. With the local push service, the page tells it, as the browser would.
 */
async function dropSubscription(endpoint: string | undefined): Promise<void> {
  try {
    if (LOCAL_PUSH_SERVICE) {
      if (endpoint?.startsWith(`${LOCAL_PUSH_SERVICE}/push/`)) await fetch(endpoint.replace('/push/', '/subscriptions/'), { method: 'DELETE' });
      return;
    }
    if (!('serviceWorker' in navigator)) return;
    await (await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription())?.unsubscribe();
  } catch (error) {
    // The functions' record goes all the same; what they might still send, the 410 ends.
    console.warn('The browser did not drop the subscription', error);
  }
}

/**
 * This device's endpoint while it gets this account's pushes, else null: turned on for another
 * account (the browser's subscription is the site's, whoever signed in), or the browser dropped
 * the subscription since.
 */
export async function thisDeviceEndpoint(uid: string): Promise<string | null> {
  const stored = turnedOn();
  if (!stored || stored.uid !== uid) return null;
  if (!withBrowserSubscription()) return stored.endpoint;
  return (await browserSubscription())?.endpoint === stored.endpoint ? stored.endpoint : null;
}

/** This device's handle in the account's list (getPushSettings), when it was turned on for `uid`. */
export function thisDeviceHandle(uid: string): string | null {
  const stored = turnedOn();
  return stored?.uid === uid ? (stored.device ?? null) : null;
}

/** The browser's permission (asked now), a subscription, and the functions store it for the account. Throws on refusal or failure. */
export async function turnOnThisDevice(publicKey: string, uid: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused();
  const subscription = LOCAL_PUSH_SERVICE
    ? await localSubscription(LOCAL_PUSH_SERVICE, publicKey)
    : (await (await pushManager()).subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) })).toJSON();
  const { device, releaseKey } = await subscribePush(subscription);
  localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid, endpoint: String(subscription.endpoint), device, releaseKey } satisfies TurnedOn));
}

/**
 * The functions forget this device, and the browser drops its subscription. The device forgets
 * it even when the functions cannot be told (the account is already deleted, no network): their
 * record then goes with the account, or at the push service's first 410.
 */
export async function turnOffThisDevice(): Promise<void> {
  const endpoint = turnedOn()?.endpoint ?? (await browserSubscription())?.endpoint;
  try {
    if (endpoint) await unsubscribePush(endpoint);
  } finally {
    localStorage.removeItem(PUSH_ENDPOINT_KEY);
    await dropSubscription(endpoint);
  }
}

/** Signing out here: this device gets no more pushes for the account, asked while its token still works. */
export async function forgetThisDevice(): Promise<void> {
  if (localStorage.getItem(PUSH_ENDPOINT_KEY) === null) return;
  await turnOffThisDevice().catch((error: unknown) => console.warn('This device could not be turned off', error));
}

/**
 * The session that turned this device on has ended without a sign-out here (signed out in
 * another tab or on another device, the password changed, the tokens revoked, another account
 * signed in): no token is left to ask with. The browser drops the subscription first, which
 * alone stops every push to the device; then the functions are asked, with the device's own
 * key, to delete their record of it. Never throws.
 */
export async function releaseThisDevice(): Promise<void> {
  const stored = turnedOn();
  await dropSubscription(stored?.endpoint);
  localStorage.removeItem(PUSH_ENDPOINT_KEY);
  if (!stored?.releaseKey) return;
  await releasePushDevice(stored.endpoint, stored.releaseKey).catch((error: unknown) => console.warn('The functions could not be told that this device was released', error));
}

export class PushRefused extends Error {
  constructor() {
    super('Notifications were not allowed');
    this.name = 'PushRefused';
  }
}

/** A subscription from the local push service, as the browser's push service would give one. */
async function localSubscription(service: string, publicKey: string): Promise<PushSubscriptionJSON> {
  const response = await fetch(`${service}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey: publicKey }) });
  if (!response.ok) throw new Error(`The local push service answered ${response.status}`);
  return (await response.json()) as PushSubscriptionJSON;
}
