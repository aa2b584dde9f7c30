/**
 * Typed configuration of the functions. Values come from functions/.env.<project> (or the
 * deploy prompt); the access key and the rate-limit HMAC key are Secret Manager secrets and
 * never reach the client.
 */
import { defineInt, defineList, defineSecret, defineString } from 'firebase-functions/params';
import { MAIL_LANGUAGES } from '@family-portal/contract';
import { isMailLanguage, type MailLanguage } from './lib/mailLanguage';
import type { MemoryOption } from 'firebase-functions/v2';
import type { Association, InvitationSettings, ParentMailSettings, VapidKeys } from './lib/settingShapes';
import { DEFAULT_SCHOOL_TIME_ZONE, schoolTimeZone } from './lib/timeZone';

/* Where and how big the functions run: each value is a decision with its reason. */

/** Close to a European school's parents and its Firestore (eur3 or europe-west3); the web app calls this region. */
export const REGION = 'europe-west1';

/** Per function: caps the bill if a client loops or someone floods an endpoint; 10 instances serve ~100 short requests a second, far above a school's peak. */
export const MAX_INSTANCES = 10;

/**
 * A sync reads each table in slices and writes a slice while the next one is read
 * (sync/run/tableSync.ts): it holds a slice or two of rows and documents, plus the keys and stored
 * hashes of the tables in progress, never whole tables. The 10,000-family school's sync peaks
 * at about half a GiB (`npm run bench` prints it; docs/performance.md keeps the figures): 512 MiB would
 * not fit, 1 GiB leaves room for larger schools and longer texts.
 */
export const SYNC_MEMORY: MemoryOption = '1GiB';

/** checkEmailExists, the sign-up gate and the admin reads do a few small Firestore reads: the platform default is ample. */
export const LIGHT_MEMORY: MemoryOption = '256MiB';

/** A membership lookup that takes longer has failed: the login page would rather show an error than hang. */
export const LOOKUP_TIMEOUT_SECONDS = 10;

/** Identity Platform waits at most 7 s for a blocking function (and firebase-functions refuses more). */
export const SIGN_UP_GATE_TIMEOUT_SECONDS = 7;

/** The admin console's status and history reads: at most 100 log documents. */
export const ADMIN_READ_TIMEOUT_SECONDS = 30;

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

/** Read at runtime through lib/timeZone.ts (parameters arrive as environment variables). */
export const schoolTimeZoneParam = defineString('SCHOOL_TIME_ZONE', {
  default: DEFAULT_SCHOOL_TIME_ZONE,
  description:
    "The school's IANA time zone, e.g. Europe/Berlin: AppSheet DateTimes are read and written on this clock, " +
    'and the scheduled syncs run by it. It needs an AppSheet (Windows) name in functions/src/sync/time/windowsZones.ts.',
});

/**
 * The language of the office's alert e-mails (notifications/officeAlerts.ts): de (the default),
 * en or ru, from the functions' .env. A plain variable, like SYNC_SLICE_ROWS, so that neither a
 * deploy nor the emulator asks for it.
 */
export function officeLanguageFromEnvironment(): MailLanguage {
  const value = process.env.OFFICE_LANGUAGE?.trim() || 'de';
  if (!isMailLanguage(value)) throw new Error(`OFFICE_LANGUAGE must be one of ${MAIL_LANGUAGES.join(', ')}, not "${value}"`);
  return value;
}

/**
 * The office's daily e-mail of the next day's absences (absences/absenceMail.ts): sent to
 * OFFICE_EMAIL, once a day from ABSENCE_MAIL_HOUR (0-23, 17 by default) on the school's clock.
 * Plain variables from the functions' .env, like OFFICE_LANGUAGE: a school without an office
 * address leaves them out, and then neither a deploy nor the emulator asks for them and no
 * e-mail is sent.
 */
export const OFFICE_EMAIL_SETTING = 'OFFICE_EMAIL';
export const ABSENCE_MAIL_HOUR_SETTING = 'ABSENCE_MAIL_HOUR';
export const DEFAULT_ABSENCE_MAIL_HOUR = 17;

/** The office's address (lower-cased), or null when none is set: then no absence e-mail is sent. */
export function officeEmailFromEnvironment(env: Record<string, string | undefined> = process.env): string | null {
  const value = env[OFFICE_EMAIL_SETTING]?.trim().toLowerCase() ?? '';
  if (value === '') return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new Error(`${OFFICE_EMAIL_SETTING} must be one e-mail address, not "${value}"`);
  return value;
}

export function absenceMailHourFromEnvironment(env: Record<string, string | undefined> = process.env): number {
  const raw = env[ABSENCE_MAIL_HOUR_SETTING];
  if (raw === undefined || raw.trim() === '') return DEFAULT_ABSENCE_MAIL_HOUR;
  const hour = Number(raw);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new Error(`${ABSENCE_MAIL_HOUR_SETTING} must be a whole hour from 0 to 23, not "${raw}"`);
  return hour;
}

/**
 * The school's daily budget of notice e-mails (notifications/noticeMailBudget.ts), counted per
 * school day across all admins: NOTICE_MAILS_PER_DAY from the functions' .env, a whole number from
 * 1; unset, 5 per active family, which lets the office send every family about two notices a day
 * with both parents opted in, and stops a runaway session (200 sends a day, the per-admin limit)
 * from mailing every parent 200 times. Notices beyond it are published, their e-mails wait for
 * the next day. A plain variable, like OFFICE_EMAIL: nothing asks for it.
 */
export const NOTICE_MAIL_BUDGET_SETTING = 'NOTICE_MAILS_PER_DAY';
export const NOTICE_MAILS_PER_FAMILY = 5;

/** The next morning's run of the e-mails held back: a few school-wide notices' worth, well within a scheduled run's limit. */
export const HELD_NOTICE_MAILS_TIMEOUT_SECONDS = 540;

/** The budget set, or null when it is left to the number of families. */
export function noticeMailBudgetFromEnvironment(env: Record<string, string | undefined> = process.env): number | null {
  const raw = env[NOTICE_MAIL_BUDGET_SETTING];
  if (raw === undefined || raw.trim() === '') return null;
  const mails = Number(raw);
  if (!Number.isInteger(mails) || mails < 1) throw new Error(`${NOTICE_MAIL_BUDGET_SETTING} must be a whole number of e-mails, 1 or more, not "${raw}"`);
  return mails;
}

/**
 * How often the office may close the school at short notice in one school day, all admins together
 * (notices/closureBounds.ts): SCHOOL_CLOSURES_PER_DAY from the functions' .env, a whole number from
 * 1; unset, 3. A closure mails most of the school at once and is never held back by the day's
 * budget (its e-mails are counted in it), so this bounds what one session can send: a snow day,
 * the same day closed again after a mistaken withdrawal, and the next day as well, but not 50
 * dates, each e-mailing every family. Beyond it closeSchool answers 429 too-many-closures, and
 * a single lesson can still be cancelled. A plain variable, like NOTICE_MAILS_PER_DAY.
 */
export const SCHOOL_CLOSURES_SETTING = 'SCHOOL_CLOSURES_PER_DAY';
export const DEFAULT_SCHOOL_CLOSURES_PER_DAY = 3;

export function schoolClosuresPerDayFromEnvironment(env: Record<string, string | undefined> = process.env): number {
  const raw = env[SCHOOL_CLOSURES_SETTING];
  if (raw === undefined || raw.trim() === '') return DEFAULT_SCHOOL_CLOSURES_PER_DAY;
  const closures = Number(raw);
  if (!Number.isInteger(closures) || closures < 1) throw new Error(`${SCHOOL_CLOSURES_SETTING} must be a whole number of closures, 1 or more, not "${raw}"`);
  return closures;
}

/** Sized for the 2,000-family school with AppSheet retries; the lease outlives it (lease.ts). Also Cloud Scheduler's limit for a scheduled run. */
export const SYNC_TIMEOUT_SECONDS = 1800;

/** The mass-deletion guard (sync/run/deletionGuard.ts): share of a table one full sync may delete on its own. */
export const maxDeletionPercent = defineInt('SYNC_MAX_DELETION_PERCENT', {
  default: 5,
  description: 'Percent of a table a full sync may delete without an admin confirming it (at least 20 documents)',
});

/**
 * Rows per AppSheet request of a sync (sync/appsheet/slices.ts), from the functions' .env: slices need
 * AppSheet's `_RowNumber`, which only spreadsheet tables have; 0 reads each table in one request
 * (a database source). A plain variable rather than a declared parameter, so that neither a
 * deploy nor the emulator asks for it when it is left at the default.
 */
export const SLICE_ROWS_SETTING = 'SYNC_SLICE_ROWS';

/**
 * How long a place stays kept for a booking request whose AppSheet answer was lost before a sync
 * looks the request up in AppSheet and frees the place if it is not there
 * (booking/unheardHolds.ts): whole minutes from the functions' .env; unset, 5. A plain variable,
 * like SYNC_SLICE_ROWS. 0 looks every unheard request up at the next sync, as the tests do (they
 * give the run the age itself: SyncDeps.uncertainHoldMs), so that they wait for nothing.
 */
export const UNCERTAIN_HOLD_SETTING = 'BOOKING_UNCERTAIN_HOLD_MINUTES';

/** The age in ms, or undefined to leave it to the default. */
export function uncertainHoldMsFromEnvironment(env: Record<string, string | undefined> = process.env): number | undefined {
  const raw = env[UNCERTAIN_HOLD_SETTING];
  if (raw === undefined || raw.trim() === '') return undefined;
  const minutes = Number(raw);
  if (!Number.isInteger(minutes) || minutes < 0) throw new Error(`${UNCERTAIN_HOLD_SETTING} must be a whole number of minutes, 0 or more, not "${raw}"`);
  return minutes * 60_000;
}

/**
 * A write-back's AppSheet calls get at most 15 s and 2 attempts each (lib/appSheetWaits.ts, where
 * the test stacks lower the waits), so a cancellation (Find, then Edit) takes at most about 65 s:
 * this covers it with room for Firestore.
 */
export const MEMBER_WRITE_TIMEOUT_SECONDS = 120;

/**
 * The office decides up to 100 requests at once: four AppSheet calls for the whole batch (Find
 * the requests, Find and Add the plans, Edit the requests), each within the write limits above.
 */
export const BOOKING_DECISION_TIMEOUT_SECONDS = 300;

/**
 * How many proxies of the project's own stand in front of the functions (a load balancer, a
 * Hosting rewrite), each appending one X-Forwarded-For entry that the rate limit relies on
 * (http/rateLimit.ts): 0, the default, when browsers call the functions directly. It must be
 * their exact number: too few, and every client behind them shares the proxy's counter; too
 * many, and a client picks its counter by the entries it sends. A plain variable from the
 * functions' .env, like SYNC_SLICE_ROWS.
 */
export const TRUSTED_PROXIES_SETTING = 'TRUSTED_PROXY_COUNT';

/** No real chain is longer than a few proxies: a larger number is taken for a typo. */
export const MAX_TRUSTED_PROXIES = 10;

export function trustedProxiesFromEnvironment(): number {
  const raw = process.env[TRUSTED_PROXIES_SETTING];
  if (raw === undefined || raw.trim() === '') return 0;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > MAX_TRUSTED_PROXIES) {
    throw new Error(`${TRUSTED_PROXIES_SETTING} must be a whole number of proxies from 0 to ${MAX_TRUSTED_PROXIES}, not "${raw}"`);
  }
  return count;
}

/** Keys the HMAC that names rate-limit counters, so their ids cannot be matched to addresses. */
export const rateLimitHmacKey = defineSecret('RATE_LIMIT_HMAC_KEY');

/** Signs the unsubscribe links of parents' e-mails (notifications/unsubscribeToken.ts). */
export const notificationLinkKey = defineSecret('NOTIFICATION_LINK_KEY');

/**
 * What the parents' e-mails need (notifications/parentMail.ts): the app's first origin for links,
 * the link key, the school's clock, and the association's account from the functions' .env
 * (SEPA_RECIPIENT, SEPA_IBAN, SEPA_BIC: the same account as the web app's VITE_SEPA_*).
 */
export function parentMailSettingsFromConfig(): ParentMailSettings {
  const sepa = { recipient: process.env.SEPA_RECIPIENT?.trim() ?? '', iban: process.env.SEPA_IBAN?.replace(/\s+/g, '') ?? '', bic: process.env.SEPA_BIC?.trim() ?? '' };
  const missing = Object.entries({ SEPA_RECIPIENT: sepa.recipient, SEPA_IBAN: sepa.iban, SEPA_BIC: sepa.bic }).filter(([, value]) => !value);
  if (missing.length > 0) throw new Error(`Parents' e-mails need ${missing.map(([name]) => name).join(', ')} in the functions' .env`);
  const appOrigin = appOrigins.value()[0];
  if (!appOrigin) throw new Error("Parents' e-mails need APP_ORIGINS for their links");
  return { appOrigin, functionsBaseUrl: functionsBaseUrlFromEnvironment(), linkKey: notificationLinkKey.value(), sepa, timeZone: schoolTimeZone(), association: associationFromConfig() };
}

/**
 * Who sends the portal's e-mails, named at their top and in their footer: the association's name
 * as on its account (SEPA_RECIPIENT) and its postal address (ASSOCIATION_ADDRESS, lines separated
 * by ";"; none when unset). The office's alerts ask with `required: false`: an alert about a
 * failed sync must not fail for want of a name.
 */
export function associationFromConfig({ required = true } = {}): Association {
  const name = process.env.SEPA_RECIPIENT?.trim() ?? '';
  if (!name && required) throw new Error("E-mails need SEPA_RECIPIENT (the association's name) in the functions' .env");
  return { name, address: process.env.ASSOCIATION_ADDRESS?.trim() ?? '' };
}

/** SEPA_CREDITOR_ID, the creditor identifier of direct debits (docs/payments.md), no spaces, upper case; '' (unset): none offered. */
export const creditorIdFromEnvironment = (env: Record<string, string | undefined> = process.env): string => (env.SEPA_CREDITOR_ID ?? '').replace(/\s+/g, '').toUpperCase();

/**
 * What the office's invitations need (office/invitationMail.ts): the app's first origin for the
 * sign-up link, and the association's name, as its account holder (SEPA_RECIPIENT).
 */
export function invitationSettingsFromConfig(): InvitationSettings {
  const appOrigin = appOrigins.value()[0];
  if (!appOrigin) throw new Error("Invitations need APP_ORIGINS in the functions' .env");
  return { appOrigin, association: associationFromConfig() };
}

/**
 * Where the deployed functions answer, for links that call one straight from a mail program (the
 * one-click unsubscribe): FUNCTIONS_BASE_URL from the functions' .env when set (a custom domain),
 * otherwise the project's cloudfunctions.net address in REGION.
 */
export function functionsBaseUrlFromEnvironment(): string {
  const configured = process.env.FUNCTIONS_BASE_URL?.trim();
  if (configured) return configured.replace(/\/$/, '');
  const projectId = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT;
  if (!projectId) throw new Error('FUNCTIONS_BASE_URL is unset and the project id is unknown');
  return `https://${REGION}-${projectId}.cloudfunctions.net`;
}

/**
 * The portal's VAPID key pair (RFC 8292), which signs every push so that the push services know
 * who sends it: the private key is a secret, the public key and a contact address (mailto: or
 * https:) are settings. Without a public key no device can be turned on and nothing is pushed.
 * `npx web-push generate-vapid-keys` makes a pair (docs/deploy.md).
 */
export const vapidPrivateKey = defineSecret('VAPID_PRIVATE_KEY');
/** A push to a parent's few devices, with a push service's retries (sendPush.ts) inside it. */
export const PUSH_TIMEOUT_SECONDS = 60;
export const VAPID_PUBLIC_KEY_SETTING = 'VAPID_PUBLIC_KEY';
export const VAPID_SUBJECT_SETTING = 'VAPID_SUBJECT';

/** The public key the web app subscribes with, or null when push is not set up. */
export function vapidPublicKeyFromEnvironment(env: Record<string, string | undefined> = process.env): string | null {
  return env[VAPID_PUBLIC_KEY_SETTING]?.trim() || null;
}

/** The whole key pair and contact for sending; null when push is not set up. */
export function vapidKeysFromConfig(env: Record<string, string | undefined> = process.env): VapidKeys | null {
  const publicKey = vapidPublicKeyFromEnvironment(env);
  if (!publicKey) return null;
  const subject = env[VAPID_SUBJECT_SETTING]?.trim();
  if (!subject) throw new Error(`Web Push needs ${VAPID_SUBJECT_SETTING} (mailto: or https:) in the functions' .env`);
  return { publicKey, privateKey: vapidPrivateKey.value(), subject };
}
