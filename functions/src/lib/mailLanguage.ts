/** The languages a parent's or the office's e-mail is written in: the web app's three. */
import { MAIL_LANGUAGES } from '@family-portal/contract';

export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export const isMailLanguage = (value: string): value is MailLanguage => (MAIL_LANGUAGES as readonly string[]).includes(value);
