/**
 * Where this page keeps the endpoint of its push subscription while the device is on
 * (src/lib/push.ts): signing out reads it without loading the push code, and turns the device off
 * only when there is one.
 */
export const PUSH_ENDPOINT_KEY = 'family-portal:push-endpoint';
