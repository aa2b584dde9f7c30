/**
 * What the parents' e-mails (parentMail.ts) take from the functions' configuration: the types
 * are config.ts's, which reads the settings (a leaf: it imports none of the services).
 */
export type { ParentMailSettings, SepaAccount } from '../config';
