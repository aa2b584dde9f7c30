/**
 * What the parents' e-mails (parentMail.ts) take from the functions' configuration: the types
 * are lib/settingShapes.ts's, and config.ts builds them (a leaf: it imports none of the services).
 */
export type { ParentMailSettings, SepaAccount } from '../lib/settingShapes';
