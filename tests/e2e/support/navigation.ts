/**
 * The main navigation as a parent reaches it: the sidebar on wide screens, the bottom bar on
 * phones, which names the sections with the shorter words of `nav.short` (a fifth of 320 px).
 */
import type { Locator, Page } from '@playwright/test';
import { texts, type Language } from './signIn';

export type Section = 'home' | 'family' | 'plans' | 'transactions' | 'bookDeposits';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const INTL = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' } as const;

/** The visible navigation's link to a section, in the page's language (English unless said). */
export function navLink(page: Page, section: Section, language: Language = 'en'): Locator {
  const { nav } = texts(language);
  const names = [...new Set([nav[section], nav.short[section]])].map(escape).join('|');
  // The dashboard's entry adds the unread notices to its name ("Home (2 unread notices)").
  return page.getByRole('navigation', { name: nav.label }).getByRole('link', { name: new RegExp(`^(${names})( \\(.+\\))?$`) });
}

/**
 * The dashboard entry's name with `unread` notices, as the navigation says it in the language:
 * its visible `label`, then the count by the language's plural rule ("Home (2 unread notices)");
 * just the label with none.
 */
export function homeEntryName(language: Language, label: string, unread: number): string {
  if (unread === 0) return label;
  const forms = texts(language).notices as unknown as Record<string, string>;
  return `${label} ${forms[`navUnread_${new Intl.PluralRules(INTL[language]).select(unread)}`]!.replace('{{count}}', String(unread))}`;
}
