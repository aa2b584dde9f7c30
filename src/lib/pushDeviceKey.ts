/**
 * Where this page keeps the endpoint of its push subscription while the device is on, with the
 * account it was turned on for, its handle and its release key (src/api/pushSubscription.ts): signing out and
 * each page's start (auth/endedSessionDevice.ts) read it without loading the push code, and act
 * only when there is one.
 */
export const PUSH_ENDPOINT_KEY = 'family-portal:push-endpoint';
