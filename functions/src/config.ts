/**
 * Typed configuration of the functions. Values come from functions/.env.<project> (or the
 * deploy prompt); the access key and the rate-limit HMAC key are Secret Manager secrets and
 * never reach the client.
 */
import { defineList, defineSecret, defineString } from 'firebase-functions/params';
import { createAppSheetClient, type AppSheetClient } from './sync/appsheetClient';

export const REGION = 'europe-west1';

export const appSheetBaseUrl = defineString('APPSHEET_BASE_URL', {
  default: 'https://www.appsheet.com',
  description: 'AppSheet API host: https://www.appsheet.com, or https://eu.appsheet.com with EU data residency',
});

export const appSheetAppId = defineString('APPSHEET_APP_ID', {
  description: 'The App Id of the school office AppSheet app (Manage > Integrations)',
});

export const appSheetAccessKey = defineSecret('APPSHEET_ACCESS_KEY');

/** Browser origins allowed to call the HTTP functions (CORS), e.g. https://portal.example.org. */
export const appOrigins = defineList('APP_ORIGINS', {
  description: 'Origins of the web app, comma-separated, e.g. https://your-project.web.app',
});

/** Sized for the 2,000-family school with AppSheet retries; the lease outlives it (lease.ts). */
export const SYNC_TIMEOUT_SECONDS = 1800;

export function appSheetFromConfig(): AppSheetClient {
  return createAppSheetClient({
    baseUrl: appSheetBaseUrl.value(),
    appId: appSheetAppId.value(),
    accessKey: appSheetAccessKey.value(),
  });
}

/** Keys the HMAC that names rate-limit counters, so their ids cannot be matched to addresses. */
export const rateLimitHmacKey = defineSecret('RATE_LIMIT_HMAC_KEY');
