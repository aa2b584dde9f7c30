/**
 * Typed configuration of the functions. Values come from functions/.env.<project> (or the
 * deploy prompt); the access key is a Secret Manager secret and never reaches the client.
 */
import { defineSecret, defineString } from 'firebase-functions/params';
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

export function appSheetFromConfig(): AppSheetClient {
  return createAppSheetClient({
    baseUrl: appSheetBaseUrl.value(),
    appId: appSheetAppId.value(),
    accessKey: appSheetAccessKey.value(),
  });
}
