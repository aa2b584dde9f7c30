/** The parent's devices that get pushes (functions/src/push/pushEndpoints.ts), with the parent's ID token. */
import { callFunction } from './client';
import { currentIdToken } from './idToken';

/** The portal's VAPID key (null: pushes are not set up) and the ids of the account's devices. */
export async function getPushSettings() {
  const { data } = await callFunction('getPushSettings', (schemas) => schemas.pushSettingsAnswer, { method: 'GET', idToken: currentIdToken });
  return data;
}

export async function subscribePush(subscription: PushSubscriptionJSON): Promise<void> {
  await callFunction('subscribePush', (schemas) => schemas.pushSubscribedAnswer, { body: subscription, idToken: currentIdToken });
}

export async function unsubscribePush(endpoint: string): Promise<void> {
  await callFunction('unsubscribePush', (schemas) => schemas.pushUnsubscribedAnswer, { body: { endpoint }, idToken: currentIdToken });
}
