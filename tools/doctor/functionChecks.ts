/**
 * Checks of the functions' settings (functions/.env.<project>) and secrets: pure functions from
 * settings to findings. The names, defaults and valid values come from the functions' own
 * modules (config.ts, lib/timeZone.ts, sync/time/windowsZones.ts), never a copy of them.
 */
import { creditorIdProblem } from '@family-portal/contract/creditor';
import {
  ABSENCE_MAIL_HOUR_SETTING,
  absenceMailHourFromEnvironment,
  appOrigins,
  appSheetAccessKey,
  appSheetAppId,
  appSheetBaseUrl,
  maxDeletionPercent,
  notificationLinkKey,
  OFFICE_EMAIL_SETTING,
  officeEmailFromEnvironment,
  rateLimitHmacKey,
  schoolTimeZoneParam,
  MAX_TRUSTED_PROXIES,
  SLICE_ROWS_SETTING,
  TRUSTED_PROXIES_SETTING,
  VAPID_PUBLIC_KEY_SETTING,
  VAPID_SUBJECT_SETTING,
  vapidPrivateKey,
} from '../../functions/src/config';
import { MAIL_LANGUAGES } from '@family-portal/contract';
import { isMailLanguage } from '../../functions/src/notifications/mailBody';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { SLICE_ROWS } from '../../functions/src/sync/appsheet/slices';
import { assertTimeZone, DEFAULT_SCHOOL_TIME_ZONE } from '../../functions/src/lib/timeZone';
import type { AppSheetCheckSettings } from './appSheetCheck';
import { windowsTimeZone } from '../../functions/src/sync/time/windowsZones';
import { error, parseUrl, warning, type Env, type Finding } from './findings';

/** The AppSheet API hosts its documentation names (the regional ones need data residency). */
const APPSHEET_HOSTS = ['www.appsheet.com', 'eu.appsheet.com', 'asia-southeast.appsheet.com'];
const isFirebaseHostingHost = (host: string) => host.endsWith('.web.app') || host.endsWith('.firebaseapp.com');
const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** A zone both Intl and the AppSheet client know, or the reason it is not. */
function timeZoneProblem(zone: string): string | null {
  try {
    windowsTimeZone(assertTimeZone(zone));
    return null;
  } catch (cause) {
    return (cause as Error).message;
  }
}

/** As firebase-tools reads a list parameter: a JSON list, or a comma-separated one. */
export function parseList(value: string): string[] | null {
  if (!value.includes('[')) return value.split(',').map((item) => item.trim());
  try {
    const list: unknown = JSON.parse(value.replace(/'/g, '"'));
    return Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : null;
  } catch {
    return null;
  }
}

function checkOrigins(value: string, projectId: string): Finding[] {
  const name = appOrigins.name;
  const origins = parseList(value);
  if (!origins) return [error(name, `is not a list of origins, e.g. ["https://${projectId}.web.app"]`)];
  const findings: Finding[] = [];
  const served: string[] = [];
  for (const origin of origins) {
    const url = parseUrl(origin);
    if (!url || url.origin !== origin) {
      findings.push(error(name, `"${origin}" is not an origin (scheme and host, no path or trailing slash): browsers send e.g. https://${projectId}.web.app`));
    } else if (url.protocol === 'http:' && isLoopback(url.hostname)) {
      findings.push(warning(name, `"${origin}" is a local development origin: not needed in production`));
    } else if (url.protocol !== 'https:') {
      findings.push(error(name, `"${origin}" is not https: the portal is only served over https`));
    } else if (isFirebaseHostingHost(url.hostname) && !url.hostname.startsWith(`${projectId}.`)) {
      findings.push(warning(name, `"${origin}" is another project's Hosting domain`));
    } else {
      served.push(url.hostname);
    }
  }
  const reachable = served.some((host) => host.startsWith(`${projectId}.`) || !isFirebaseHostingHost(host));
  if (!reachable) findings.push(error(name, `must include https://${projectId}.web.app or the custom domain that serves the portal, or every call fails CORS`));
  return findings;
}

/** The functions' Secret Manager secrets: checked by name, never read. */
export const SECRETS = [appSheetAccessKey.name, rateLimitHmacKey.name, notificationLinkKey.name, vapidPrivateKey.name];
/** The association's account in parents' payment e-mails (functions/src/config.ts). */
const SEPA_SETTINGS = ['SEPA_RECIPIENT', 'SEPA_IBAN', 'SEPA_BIC'];
/** The association's postal address in every e-mail's footer (functions/src/config.ts). */
const ASSOCIATION_ADDRESS = 'ASSOCIATION_ADDRESS';
/** The creditor identifier of direct debits (docs/payments.md); unset: none offered. */
const SEPA_CREDITOR_ID = 'SEPA_CREDITOR_ID';
const FUNCTION_SETTINGS = [
  appSheetBaseUrl.name,
  appSheetAppId.name,
  appOrigins.name,
  schoolTimeZoneParam.name,
  maxDeletionPercent.name,
  SLICE_ROWS_SETTING,
  TRUSTED_PROXIES_SETTING,
  'OFFICE_LANGUAGE',
  OFFICE_EMAIL_SETTING,
  ABSENCE_MAIL_HOUR_SETTING,
  ...SEPA_SETTINGS,
  ASSOCIATION_ADDRESS,
  SEPA_CREDITOR_ID,
  VAPID_PUBLIC_KEY_SETTING,
  VAPID_SUBJECT_SETTING,
];

const MAKE_VAPID_KEYS = 'make a pair with npx web-push generate-vapid-keys (docs/deploy.md)';

/** The VAPID public key and contact of Web Push (RFC 8292): an uncompressed P-256 point, and a mailto: or https: address. */
function checkVapid(publicKey: string | undefined, subject: string | undefined): Finding[] {
  const findings: Finding[] = [];
  if (!publicKey) {
    findings.push(error(VAPID_PUBLIC_KEY_SETTING, `is missing: ${MAKE_VAPID_KEYS}; its private key is the secret ${vapidPrivateKey.name}`));
  } else {
    const point = /^[A-Za-z0-9_-]+$/.test(publicKey) ? Buffer.from(publicKey, 'base64url') : Buffer.alloc(0);
    if (point.length !== 65 || point[0] !== 0x04) findings.push(error(VAPID_PUBLIC_KEY_SETTING, `is not a VAPID public key (65 bytes, base64url): ${MAKE_VAPID_KEYS}`));
  }
  if (!subject) findings.push(error(VAPID_SUBJECT_SETTING, "is missing: a contact for the push services' operators, e.g. mailto:office@your-school.example"));
  else if (!/^mailto:[^@\s]+@[^@\s]+$/.test(subject) && parseUrl(subject)?.protocol !== 'https:') {
    findings.push(error(VAPID_SUBJECT_SETTING, `"${subject}" must be a mailto: or https: address`));
  }
  return findings;
}

/** functions/.env.<project>: the parameters of functions/src/config.ts. Unset ones with a default use it. */
export function checkFunctionSettings(env: Env, projectId: string): Finding[] {
  const findings: Finding[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;

  const baseUrl = value(appSheetBaseUrl.name);
  if (baseUrl) {
    const url = parseUrl(baseUrl);
    if (!url || url.protocol !== 'https:') findings.push(error(appSheetBaseUrl.name, `"${baseUrl}" must be an https:// address`));
    else if (url.pathname !== '/' || url.search) findings.push(error(appSheetBaseUrl.name, `"${baseUrl}" must be only the host, e.g. https://www.appsheet.com`));
    else if (!APPSHEET_HOSTS.includes(url.hostname)) findings.push(warning(appSheetBaseUrl.name, `${url.hostname} is not one of AppSheet's API hosts (${APPSHEET_HOSTS.join(', ')})`));
  }

  const appId = value(appSheetAppId.name);
  if (!appId) findings.push(error(appSheetAppId.name, 'is missing: the App Id from AppSheet → Settings → Integrations'));
  else if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(appId)) {
    findings.push(warning(appSheetAppId.name, `"${appId}" does not look like an AppSheet App Id (a UUID such as 0a1b2c3d-…)`));
  }

  const origins = value(appOrigins.name);
  if (!origins) findings.push(error(appOrigins.name, `is missing: e.g. ["https://${projectId}.web.app"]`));
  else findings.push(...checkOrigins(origins, projectId));

  const zone = value(schoolTimeZoneParam.name);
  const zoneProblem = zone && timeZoneProblem(zone);
  if (zoneProblem) findings.push(error(schoolTimeZoneParam.name, zoneProblem));

  const percent = value(maxDeletionPercent.name);
  if (percent && !(/^\d+$/.test(percent) && Number(percent) >= 1 && Number(percent) <= 100)) {
    findings.push(error(maxDeletionPercent.name, `"${percent}" must be a whole number from 1 to 100`));
  }
  const sliceRows = value(SLICE_ROWS_SETTING);
  if (sliceRows && !/^\d+$/.test(sliceRows)) {
    findings.push(error(SLICE_ROWS_SETTING, `"${sliceRows}" must be a whole number of rows (0: one request per table)`));
  }
  const proxies = value(TRUSTED_PROXIES_SETTING);
  if (proxies && !(/^\d+$/.test(proxies) && Number(proxies) <= MAX_TRUSTED_PROXIES)) {
    findings.push(error(TRUSTED_PROXIES_SETTING, `"${proxies}" must be a whole number of proxies from 0 to ${MAX_TRUSTED_PROXIES} (0: the functions are called directly)`));
  }

  const language = value('OFFICE_LANGUAGE');
  if (language && !isMailLanguage(language)) findings.push(error('OFFICE_LANGUAGE', `"${language}" must be one of ${MAIL_LANGUAGES.join(', ')}`));
  // The office's daily absence e-mail: read as the functions read them, so the messages are theirs.
  for (const [name, read] of [[OFFICE_EMAIL_SETTING, officeEmailFromEnvironment], [ABSENCE_MAIL_HOUR_SETTING, absenceMailHourFromEnvironment]] as const) {
    try {
      read(env);
    } catch (problem) {
      findings.push(error(name, (problem as Error).message));
    }
  }
  for (const name of SEPA_SETTINGS.filter((setting) => !value(setting))) {
    findings.push(error(name, "is missing: parents' payment e-mails name the association's account (the same as the web app's VITE_SEPA_*)"));
  }
  if (!value(ASSOCIATION_ADDRESS)) findings.push(warning(ASSOCIATION_ADDRESS, "is missing: the e-mails' footer names the association without its address (lines separated by \";\")"));
  findings.push(...checkVapid(value(VAPID_PUBLIC_KEY_SETTING), value(VAPID_SUBJECT_SETTING)));
  const iban = value('SEPA_IBAN');
  if (iban && !isValidIBAN(electronicFormatIBAN(iban) ?? '')) findings.push(error('SEPA_IBAN', `"${iban}" is not a valid IBAN`));
  const creditorId = value(SEPA_CREDITOR_ID);
  const creditorProblem = creditorId ? creditorIdProblem(creditorId) : null;
  if (creditorProblem) findings.push(error(SEPA_CREDITOR_ID, creditorProblem));

  for (const name of Object.keys(env)) {
    if (SECRETS.includes(name)) {
      findings.push(error(name, `is a secret and must not be in a .env file (it would deploy as plain text): npx firebase functions:secrets:set ${name}`));
    } else if (!FUNCTION_SETTINGS.includes(name)) {
      findings.push(warning(name, 'is not a setting the functions read (a typo?)'));
    }
  }
  return findings;
}

/** What `firebase functions:secrets:get` told about a secret (its versions, never its value). */
export type SecretLookup =
  | { kind: 'found'; enabledVersions: number }
  | { kind: 'missing' }
  | { kind: 'unchecked'; reason: string };

export function checkSecret(name: string, projectId: string, lookup: SecretLookup): Finding[] {
  const setIt = `npx firebase functions:secrets:set ${name} --project ${projectId}`;
  switch (lookup.kind) {
    case 'found':
      return lookup.enabledVersions > 0 ? [] : [error(name, `has no enabled version: ${setIt}`)];
    case 'missing':
      return [error(name, `does not exist: ${setIt}`)];
    case 'unchecked':
      return [warning(name, `could not be checked (${lookup.reason}); check by hand: npx firebase functions:secrets:get ${name} --project ${projectId}`)];
  }
}

/**
 * The settings of the AppSheet connection check, from functions/.env.<project> and the access
 * key from the environment (a secret is never in a file), or what is missing.
 */
export function checkAppSheetSettings(env: Env, accessKey: string | undefined): AppSheetCheckSettings | { findings: Finding[] } {
  const value = (name: string) => env[name]?.trim() || undefined;
  const findings: Finding[] = [];
  const baseUrl = value(appSheetBaseUrl.name);
  const url = baseUrl ? parseUrl(baseUrl) : null;
  if (!url || !/^https?:$/.test(url.protocol)) findings.push(error(appSheetBaseUrl.name, 'must be the AppSheet API host, e.g. https://www.appsheet.com'));
  const appId = value(appSheetAppId.name);
  if (!appId) findings.push(error(appSheetAppId.name, 'is missing: the App Id from AppSheet → Settings → Integrations'));
  if (!accessKey?.trim()) findings.push(error(appSheetAccessKey.name, 'is not in the environment: APPSHEET_ACCESS_KEY=… npm run doctor -- --project <id> --appsheet'));
  const zone = value(schoolTimeZoneParam.name) ?? DEFAULT_SCHOOL_TIME_ZONE;
  const zoneProblem = timeZoneProblem(zone);
  if (zoneProblem) findings.push(error(schoolTimeZoneParam.name, zoneProblem));
  const rows = value(SLICE_ROWS_SETTING);
  if (rows !== undefined && !/^\d+$/.test(rows)) findings.push(error(SLICE_ROWS_SETTING, `"${rows}" must be a whole number of rows (0: one request per table)`));
  if (findings.length > 0) return { findings };
  return { baseUrl: baseUrl as string, appId: appId as string, accessKey: (accessKey as string).trim(), zone, sliceRows: rows === undefined ? SLICE_ROWS : Number(rows) };
}
