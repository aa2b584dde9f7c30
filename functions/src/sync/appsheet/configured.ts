/**
 * The AppSheet client the deployed functions use, built from the settings in config.ts and the
 * waits in lib/appSheetWaits.ts (which the test stacks lower): the sync's, and the write-backs'
 * with the bounds a waiting parent needs.
 */
import { appSheetAccessKey, appSheetAppId, appSheetBaseUrl } from '../../config';
import { schoolTimeZone } from '../../lib/timeZone';
import { appSheetWriteWaits, syncAppSheetPauseMs } from '../../lib/appSheetWaits';
import { createAppSheetClient, type AppSheetClientOptions, type AppSheetWriter } from './appsheetClient';

export function appSheetFromConfig(overrides: Pick<AppSheetClientOptions, 'timeoutMs' | 'attempts' | 'backoffMs'> = {}): AppSheetWriter {
  return createAppSheetClient({
    baseUrl: appSheetBaseUrl.value(),
    appId: appSheetAppId.value(),
    accessKey: appSheetAccessKey.value(),
    timeZone: schoolTimeZone(),
    backoffMs: syncAppSheetPauseMs(),
    ...overrides,
  });
}

export function appSheetForWrites(): AppSheetWriter {
  return appSheetFromConfig(appSheetWriteWaits());
}
