/**
 * The AppSheet client the deployed functions use, built from the settings in config.ts: the
 * sync's, and the write-backs' with the bounds a waiting parent needs.
 */
import { APPSHEET_WRITE_ATTEMPTS, APPSHEET_WRITE_TIMEOUT_MS, appSheetAccessKey, appSheetAppId, appSheetBaseUrl } from '../../config';
import { schoolTimeZone } from '../../lib/timeZone';
import { createAppSheetClient, type AppSheetClientOptions, type AppSheetWriter } from './appsheetClient';

export function appSheetFromConfig(overrides: Pick<AppSheetClientOptions, 'timeoutMs' | 'attempts' | 'backoffMs'> = {}): AppSheetWriter {
  return createAppSheetClient({
    baseUrl: appSheetBaseUrl.value(),
    appId: appSheetAppId.value(),
    accessKey: appSheetAccessKey.value(),
    timeZone: schoolTimeZone(),
    ...overrides,
  });
}

export function appSheetForWrites(): AppSheetWriter {
  return appSheetFromConfig({ timeoutMs: APPSHEET_WRITE_TIMEOUT_MS, attempts: APPSHEET_WRITE_ATTEMPTS, backoffMs: 1_000 });
}
