/**
 * What the parents' e-mails (parentMail.ts) take from the functions' configuration; config.ts
 * builds it. A module of its own below both, so that config.ts imports nothing that imports it.
 */
import type { Association } from './mailBody';

/** The association's account, for the transfer details in the e-mail (functions' .env). */
export interface SepaAccount {
  recipient: string;
  iban: string;
  bic: string;
}

export interface ParentMailSettings {
  /** The app's origin: links go to its screens and its unsubscribe page. */
  appOrigin: string;
  /** Where the functions answer: mail programs post the one-click unsubscribe (RFC 8058) there. */
  functionsBaseUrl: string;
  /** Signs the unsubscribe links. */
  linkKey: string;
  sepa: SepaAccount;
  timeZone: string;
  /** Who sends: named at the top and in the footer. */
  association: Association;
}
