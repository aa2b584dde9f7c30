/**
 * A parent turns pushes on and off per device (the family page's notification settings): the
 * browser's PushSubscription is stored for the signed-in account (pushSubscriptions.ts), and the
 * device then gets the kinds the parent's e-mail choices turn on. Turning a device on needs an
 * active membership, like every subscription; turning one off and asking which are on needs only
 * the account.
 */
import { pushEndpointBody, pushSubscriptionBody } from '@family-portal/contract';
import type { Request } from 'express';
import { adminDb } from '../admin';
import { vapidPublicKeyFromEnvironment } from '../config';
import { MEMBER_LIMITS } from '../http/accountLimit';
import { badRequest, describeIssues, HttpError } from '../http/errors';
import { callerAndActiveMember, callerAndMember, limitedCaller } from '../http/memberCaller';
import { devicesOf, isPushServiceEndpoint, removeSubscription, saveSubscription } from './pushSubscriptions';

const unavailable = () => new HttpError('push-unavailable', 'This portal has no VAPID key pair: pushes are not set up (docs/push.md).');

/** GET: the key to subscribe with (null: pushes are not set up) and the ids of the account's devices. */
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
  const id = await saveSubscription(adminDb(), { uid: caller.uid, email: caller.email, memberId: member.id }, parsed.data);
  return { data: { id } };
}

/** POST: this device gets nothing more (turned off, or the parent signs out on it). */
export async function unsubscribePush(request: Request) {
  const caller = await limitedCaller(request, MEMBER_LIMITS.unsubscribePush);
  const parsed = pushEndpointBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
  await removeSubscription(adminDb(), caller.uid, parsed.data.endpoint);
  return { success: true as const };
}
