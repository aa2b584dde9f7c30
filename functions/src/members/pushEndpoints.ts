/**
 * A parent turns pushes on and off per device (the family page's notification settings): the
 * browser's PushSubscription is stored for the signed-in account (pushSubscriptions.ts), and the
 * device then gets the kinds the parent's e-mail choices turn on. Turning a device on needs an
 * active membership, like every subscription; turning one off, listing them and removing one
 * from another device need only the account. A device whose session ended releases itself
 * without one, with the key it was given.
 */
import { pushReleaseBody, pushSubscriptionBody, unsubscribePushBody } from '@family-portal/contract';
import type { Request } from 'express';
import { adminDb } from '../admin';
import { vapidPublicKeyFromEnvironment } from '../config';
import { MEMBER_LIMITS } from '../http/accountLimit';
import { badRequest, describeIssues, HttpError } from '../http/errors';
import { callerAndActiveMember, callerAndMember, limitedCaller } from '../http/memberCaller';
import { enforceKeyedLimit, type KeyedLimit } from '../http/rateLimit';
import { deviceNames } from '../lib/userAgent';
import { deviceId, devicesOf, isPushServiceEndpoint, releaseSubscription, removeDeviceOf, removeSubscription, saveSubscription } from '../push/pushSubscriptions';

const unavailable = () => new HttpError('push-unavailable', 'This portal has no VAPID key pair: pushes are not set up (docs/push.md).');

/**
 * Per device, not per client network: a device releases itself once, at a page's start, and
 * retries only when that failed. Counted before its document is read, so that made-up keys cost
 * a counter each, with a ceiling across all devices.
 */
export const RELEASE_RATE_LIMIT: KeyedLimit = { scope: 'releasePushDevice', perKeyPerMinute: 5, globalPerMinute: 600 };

/** GET: the key to subscribe with (null: pushes are not set up) and the account's devices, by handle. */
export async function getPushSettings(request: Request) {
  const { caller } = await callerAndMember(request, MEMBER_LIMITS.getPushSettings);
  return { data: { publicKey: vapidPublicKeyFromEnvironment(), devices: await devicesOf(adminDb(), caller.uid) } };
}

/** POST: this device's PushSubscription (toJSON()); it gets the account's kinds from now on. */
export async function subscribePush(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, MEMBER_LIMITS.subscribePush);
  if (!vapidPublicKeyFromEnvironment()) throw unavailable();
  const parsed = pushSubscriptionBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid subscription: ${describeIssues(parsed.error)}`);
  if (!isPushServiceEndpoint(parsed.data.endpoint)) throw badRequest("The endpoint is not a browser's push service.");
  const owner = { uid: caller.uid, email: caller.email, memberId: member.id, signedInAt: caller.signedInAt };
  return { data: await saveSubscription(adminDb(), owner, parsed.data, deviceNames(request.get('user-agent'))) };
}

/**
 * POST {endpoint}: this device gets nothing more (turned off, or the parent signs out on it);
 * another account's device at that endpoint stays. POST {device}: the account's device with
 * that handle, from another device (a lost phone); 404 when the account has none such.
 */
export async function unsubscribePush(request: Request) {
  const caller = await limitedCaller(request, MEMBER_LIMITS.unsubscribePush);
  const parsed = unsubscribePushBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
  if ('endpoint' in parsed.data) {
    await removeSubscription(adminDb(), caller.uid, parsed.data.endpoint);
  } else if (!(await removeDeviceOf(adminDb(), caller.uid, parsed.data.device))) {
    throw new HttpError('not-found', 'This account has no such device.');
  }
  return { success: true as const };
}

/**
 * POST {endpoint, releaseKey}, without a token: the device's page found that the session that
 * turned it on has ended. Removes the device when the key is its own; answers the same either
 * way, so that the call tells nobody whether a device exists.
 */
export async function releasePushDevice(request: Request) {
  const parsed = pushReleaseBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
  const db = adminDb();
  await enforceKeyedLimit(db, RELEASE_RATE_LIMIT, deviceId(parsed.data.endpoint));
  await releaseSubscription(db, parsed.data.endpoint, parsed.data.releaseKey);
  return { success: true as const };
}
