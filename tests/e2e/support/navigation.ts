/**
 * The main navigation as a parent reaches it: the sidebar on wide screens, the bottom bar on
 * phones, which names the sections with the shorter words of `nav.short` (a fifth of 320 px).
 */
import type { Locator, Page } from '@playwright/test';
import { texts } from './signIn';

export type Section = 'home' | 'family' | 'plans' | 'transactions' | 'bookDeposits';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The visible navigation's link to a section, in English. */
export function navLink(page: Page, section: Section): Locator {
  const { nav } = texts('en');
  const names = [...new Set([nav[section], nav.short[section]])].map(escape).join('|');
  // The dashboard's entry adds the unread notices to its name ("Home (2 unread notices)").
  return page.getByRole('navigation', { name: nav.label }).getByRole('link', { name: new RegExp(`^(${names})( \\(.+\\))?$`) });
}
