/** The parent's devices that get pushes (functions/src/members/pushEndpoints.ts), with the parent's ID token. */
import type { PushDevice } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export type { PushDevice };

/** The portal's VAPID key (null: pushes are not set up) and the account's devices, each by its handle. */
export async function getPushSettings() {
  const { data } = await callFunction('getPushSettings', (schemas) => schemas.pushSettingsAnswer, { method: 'GET', idToken: currentIdToken });
  return data;
}

/** Stores this device's subscription; answers its handle and the key that releases it without a session. */
export async function subscribePush(subscription: PushSubscriptionJSON): Promise<{ device: string; releaseKey: string }> {
  const { data } = await callFunction('subscribePush', (schemas) => schemas.pushSubscribedAnswer, { body: subscription, idToken: currentIdToken });
  return data;
}

/** This device, by its endpoint. */
export async function unsubscribePush(endpoint: string): Promise<void> {
  await callFunction('unsubscribePush', (schemas) => schemas.pushUnsubscribedAnswer, { body: { endpoint }, idToken: currentIdToken });
}

/** Another device of the account, by its handle (404 not-found when the account has none such). */
export async function removePushDevice(device: string): Promise<void> {
  await callFunction('unsubscribePush', (schemas) => schemas.pushUnsubscribedAnswer, { body: { device }, idToken: currentIdToken });
}

/** Without a token: this device's session has ended, and its key proves the subscription is its own. */
export async function releasePushDevice(endpoint: string, releaseKey: string): Promise<void> {
  await callFunction('releasePushDevice', (schemas) => schemas.pushUnsubscribedAnswer, { body: { endpoint, releaseKey } });
}
