import type { ParentMailKind } from '@family-portal/contract';
import type { MailLanguage } from '../lib/mailLanguage';

/**
 * The push beside an e-mail: a trigger sends it to each of the account's devices
 * (deliverPush.ts). In the reader's language; `tag` lets a device replace an earlier
 * notification of the same event rather than stack a second one.
 */
/** The e-mail kinds a parent chooses, and the legal notices that go whatever the choices. */
/** waitingOffer: a freed place held for a family on the waiting list (notifications/waitingOfferMail.ts). */
export type PushKind = ParentMailKind | 'directDebitAnnounced' | 'waitingOffer';

export interface PushMessage {
  kind: PushKind;
  language: MailLanguage;
  title: string;
  body: string;
  /** The portal's page a tap opens, as a path: the device's own portal resolves it. */
  path: string;
  tag: string;
}
