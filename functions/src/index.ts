/** Wiring only: each export binds a handler to its trigger. */
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { beforeUserCreated } from 'firebase-functions/v2/identity';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { refuseNonMembers } from './auth/membershipGate';
import { appOrigins, appSheetAccessKey, rateLimitHmacKey, REGION, SYNC_TIMEOUT_SECONDS } from './config';
import { endpoint } from './http/endpoint';
import { checkEmailExists as checkEmail } from './http/checkEmailExists';
import * as memberEndpoints from './http/memberEndpoints';
import * as syncAdmin from './http/syncAdmin';
import { runScheduledSync } from './sync/scheduled';

setGlobalOptions({ region: REGION, maxInstances: 10 });

const api = { cors: appOrigins };
const syncRuntime = { secrets: [appSheetAccessKey], timeoutSeconds: SYNC_TIMEOUT_SECONDS, memory: '1GiB' as const };

export const checkEmailExists = onRequest({ ...api, secrets: [rateLimitHmacKey] }, endpoint('POST', checkEmail));

export const updateMemberData = onRequest({ ...api, secrets: [appSheetAccessKey] }, endpoint('POST', memberEndpoints.updateMemberData));
export const cancelMembership = onRequest({ ...api, secrets: [appSheetAccessKey] }, endpoint('POST', memberEndpoints.cancelMembership));

// Blocking functions need Identity Platform in production (see README).
export const membershipGate = beforeUserCreated(refuseNonMembers);

export const getSyncStatus = onRequest(api, endpoint('GET', syncAdmin.getSyncStatus));
export const getSyncHistory = onRequest(api, endpoint('GET', syncAdmin.getSyncHistory));
export const triggerFullSync = onRequest({ ...api, ...syncRuntime }, endpoint('POST', syncAdmin.triggerSync('full')));
export const triggerDeltaSync = onRequest({ ...api, ...syncRuntime }, endpoint('POST', syncAdmin.triggerSync('delta')));

export const nightlyFullSync = onSchedule(
  { schedule: '0 2 * * *', timeZone: 'Europe/Berlin', retryCount: 0, ...syncRuntime },
  () => runScheduledSync('full'),
);

// At half past, so that it never meets the nightly full sync at 02:00.
export const hourlyDeltaSync = onSchedule(
  { schedule: '30 * * * *', timeZone: 'Europe/Berlin', retryCount: 0, ...syncRuntime },
  () => runScheduledSync('delta'),
);
