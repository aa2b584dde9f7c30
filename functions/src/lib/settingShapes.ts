/** The shapes of the settings that the services take: config.ts builds them from the functions' settings. */

export interface Association {
  name: string;
  /** Its postal address, lines separated by ";" or line breaks; may be empty. */
  address: string;
}

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

export interface InvitationSettings {
  /** The app's origin: the link goes to its sign-up form. */
  appOrigin: string;
  /** Who invites: named in the text, at the top and in the footer. */
  association: Association;
}

export interface VapidKeys {
  /** A mailto: or https: contact for the push services' operators. */
  subject: string;
  publicKey: string;
  privateKey: string;
}
