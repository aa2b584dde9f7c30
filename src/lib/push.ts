/**
 * The page's side of Web Push (docs/push.md): whether this device can get notifications, and
 * turning them on and off for the signed-in account. On: the browser's permission is asked only
 * then (a click on "Notify this device"), the browser's push service gives a subscription for the
 * portal's VAPID key, and the functions store it (subscribePush). Off, and on signing out on this
 * device: the functions forget it and the browser drops it.
 *
 * Locally (`npm start`, and the browser tests), builds with VITE_PUSH_SERVICE_URL take the
 * subscription from the local push service (tools/push) instead: Chromium's own push service is on
 * the internet, and the local one decrypts and shows what the functions send, as the e-mail inbox
 * does. Production builds never have it.
 */
import { subscribePush, unsubscribePush } from '../api/push';
import { PUSH_ENDPOINT_KEY } from './pushDeviceKey';
import { registerServiceWorker } from './serviceWorker';

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

/** Which account this device was turned on for, and its endpoint (kept beside the browser's subscription). */
interface TurnedOn {
  uid: string;
  endpoint: string;
}

function turnedOn(): TurnedOn | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PUSH_ENDPOINT_KEY) ?? 'null') as Partial<TurnedOn> | null;
    return typeof stored?.uid === 'string' && typeof stored.endpoint === 'string' ? { uid: stored.uid, endpoint: stored.endpoint } : null;
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

/** The browser's permission (asked now), a subscription, and the functions store it for the account. Throws on refusal or failure. */
export async function turnOnThisDevice(publicKey: string, uid: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused();
  const subscription = LOCAL_PUSH_SERVICE
    ? await localSubscription(LOCAL_PUSH_SERVICE, publicKey)
    : (await (await pushManager()).subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) })).toJSON();
  await subscribePush(subscription);
  localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid, endpoint: String(subscription.endpoint) } satisfies TurnedOn));
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
    await (await browserSubscription())?.unsubscribe();
  }
}

/** Signing out here: this device gets no more pushes for the account, asked while its token still works. */
export async function forgetThisDevice(): Promise<void> {
  if (localStorage.getItem(PUSH_ENDPOINT_KEY) === null) return;
  await turnOffThisDevice().catch((error: unknown) => console.warn('This device could not be turned off', error));
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
