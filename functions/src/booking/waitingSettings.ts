/**
 * How long a freed place is held for the waiting family it is offered to: whole hours from the
 * functions' .env (WAITING_LIST_OFFER_HOURS), 48 when unset. A plain variable, like
 * BOOKING_UNCERTAIN_HOLD_MINUTES: the test stacks keep the default and move the clock instead.
 */
import { chunk } from 'es-toolkit/array';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { adminAuth } from '../admin';
import { appOrigins, associationFromConfig } from '../config';
import { schoolTimeZone } from '../lib/timeZone';
import { waitingOfferMails, type AccountsByEmail, type WaitingMailSettings } from '../notifications/waitingOfferMail';
import type { OfferMails } from './waitingList';

export const OFFER_HOLD_SETTING = 'WAITING_LIST_OFFER_HOURS';
export const DEFAULT_OFFER_HOLD_HOURS = 48;

export function offerHoldMsFromEnvironment(env: Record<string, string | undefined> = process.env): number {
  const raw = env[OFFER_HOLD_SETTING];
  if (raw === undefined || raw.trim() === '') return DEFAULT_OFFER_HOLD_HOURS * 3_600_000;
  const hours = Number(raw);
  if (!Number.isInteger(hours) || hours < 1 || hours > 24 * 14) {
    throw new Error(`${OFFER_HOLD_SETTING} must be a whole number of hours from 1 to 336 (14 days), not "${raw}"`);
  }
  return hours * 3_600_000;
}

/** The offer e-mails of a waiting list, with these settings (read when the first e-mail is written). */
export const offerMailsWith =
  (db: Firestore, settings: () => WaitingMailSettings, auth?: () => Auth): OfferMails =>
  async (offerId, offered) =>
    waitingOfferMails(
      db,
      offerId,
      offered.map(({ request, roomHourId, until }) => ({ ...request, roomHourId, until: until ?? '' })),
      settings(),
      auth ? accountsByEmailOf(auth()) : undefined,
    );

/** The accounts of these addresses (lower case), 100 a lookup as Auth allows. */
const accountsByEmailOf =
  (auth: Auth): AccountsByEmail =>
  async (emails) => {
    const found = new Map<string, string>();
    for (const part of chunk([...new Set(emails)], 100)) {
      const { users } = await auth.getUsers(part.map((email) => ({ email })));
      for (const user of users) if (user.email) found.set(user.email.toLowerCase(), user.uid);
    }
    return found;
  };

/** What the e-mails need from the functions' .env: the app's first origin for links, the association, the school's clock. */
function mailSettingsFromConfig(): WaitingMailSettings {
  const appOrigin = appOrigins.value()[0];
  if (!appOrigin) throw new Error("The waiting list's e-mails need APP_ORIGINS for their links");
  return { appOrigin, association: associationFromConfig(), timeZone: schoolTimeZone() };
}

/** The waiting list's settings and offer e-mails as the deployed functions have them (the functions' .env). */
export function waitingListConfig(db: Firestore): { offerHoldMs: number; offerMails: OfferMails } {
  return { offerHoldMs: offerHoldMsFromEnvironment(), offerMails: offerMailsWith(db, mailSettingsFromConfig, adminAuth) };
}
