import type { ParentMailKind } from '@family-portal/contract';
import type { MailLanguage } from '../lib/mailLanguage';

/**
 * The push beside an e-mail: a trigger sends it to each of the account's devices
 * (deliverPush.ts). In the reader's language; `tag` lets a device replace an earlier
 * notification of the same event rather than stack a second one.
 */
export interface PushMessage {
  kind: ParentMailKind;
  language: MailLanguage;
  title: string;
  body: string;
  /** The portal's page a tap opens, as a path: the device's own portal resolves it. */
  path: string;
  tag: string;
}
