/** Wiring only: each export binds a handler to its trigger. */
import { setGlobalOptions } from 'firebase-functions/v2';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { appSheetAccessKey, REGION } from './config';
import { scheduledFullSync } from './sync/scheduled';

setGlobalOptions({ region: REGION, maxInstances: 10 });

export const nightlyFullSync = onSchedule(
  {
    schedule: '0 2 * * *',
    timeZone: 'Europe/Berlin',
    secrets: [appSheetAccessKey],
    timeoutSeconds: 540,
    memory: '1GiB',
    retryCount: 0,
  },
  scheduledFullSync,
);
