import { describe, expect, it } from 'vitest';
import { checkBuildConfig } from './buildConfig';

/** What a school's .env.production.local holds once it is filled in. */
const PRODUCTION = {
  VITE_FIREBASE_PROJECT_ID: 'lindenhof-portal',
  VITE_FIREBASE_API_KEY: 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
  VITE_FIREBASE_AUTH_DOMAIN: 'lindenhof-portal.firebaseapp.com',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
  VITE_SEPA_RECIPIENT: 'Förderverein Lindenhof e.V.',
  VITE_SEPA_IBAN: 'DE02 1203 0000 0000 2020 51',
  VITE_SEPA_BIC: 'BYLADEM1001',
  VITE_SCHOOL_CONTACT_URL: 'https://lindenhof-schule.de/kontakt',
  // The demo texts stand in for the association's own here; legalPages.test.ts checks the files.
  VITE_IMPRINT_MARKDOWN: 'legal/demo/imprint.{lng}.md',
  VITE_PRIVACY_MARKDOWN: 'legal/demo/privacy.{lng}.md',
} as const;

describe('checkBuildConfig', () => {
  it('offers direct debit only with a valid creditor identifier, which needs the creditor address', () => {
    const directDebit = { ...PRODUCTION, VITE_SEPA_CREDITOR_ID: 'DE79 ZZZ 01234567890', VITE_SEPA_CREDITOR_ADDRESS: 'Lindenstraße 1, 12345 Musterstadt' };
    expect(checkBuildConfig(directDebit)).toEqual([]);
    expect(checkBuildConfig({ ...directDebit, VITE_SEPA_CREDITOR_ID: 'DE78ZZZ01234567890' })).toEqual([expect.stringMatching(/^VITE_SEPA_CREDITOR_ID "DE78ZZZ01234567890" has wrong check digits/)]);
    expect(checkBuildConfig({ ...directDebit, VITE_SEPA_CREDITOR_ID: 'DE79' })).toEqual([expect.stringMatching(/^VITE_SEPA_CREDITOR_ID "DE79" is not a creditor identifier/)]);
    expect(checkBuildConfig({ ...directDebit, VITE_SEPA_CREDITOR_ADDRESS: ' ' })).toEqual([expect.stringMatching(/^VITE_SEPA_CREDITOR_ADDRESS is missing/)]);
  });

  it('accepts a complete production configuration', () => {
    expect(checkBuildConfig(PRODUCTION)).toEqual([]);
  });

  it('needs nothing for a demo project, set explicitly or by default', () => {
    expect(checkBuildConfig({ VITE_FIREBASE_PROJECT_ID: 'demo-family-portal' })).toEqual([]);
    expect(checkBuildConfig({})).toEqual([]);
  });

  it.each([
    'VITE_FIREBASE_API_KEY',
    'VITE_FIREBASE_AUTH_DOMAIN',
    'VITE_FIREBASE_APP_ID',
    'VITE_SEPA_RECIPIENT',
    'VITE_SEPA_IBAN',
    'VITE_SEPA_BIC',
    'VITE_SCHOOL_CONTACT_URL',
    'VITE_IMPRINT_MARKDOWN',
    'VITE_PRIVACY_MARKDOWN',
  ])('reports %s when it is missing or blank', (name) => {
    for (const value of [undefined, '', '   ']) {
      const problems = checkBuildConfig({ ...PRODUCTION, [name]: value });
      expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} is missing: set `))]);
    }
  });

  it.each([
    ['VITE_FIREBASE_AUTH_DOMAIN', 'https://lindenhof-portal.firebaseapp.com', 'must be a host name'],
    ['VITE_SEPA_RECIPIENT', 'x'.repeat(71), 'has 71 characters; a SEPA QR code allows 1 to 70'],
    ['VITE_SEPA_IBAN', 'DE00000000000000000000', 'is not a valid IBAN'],
    ['VITE_SEPA_IBAN', 'DE02120300000000202052', 'is not a valid IBAN'],
    ['VITE_SEPA_IBAN', 'DE89 3704 0044 0532 0130 00', 'is the demo account'],
    ['VITE_SEPA_BIC', 'BYLADEM', 'is not a valid BIC'],
    ['VITE_SCHOOL_CONTACT_URL', 'http://lindenhof-schule.de/kontakt', 'must be an https:// address'],
    ['VITE_SCHOOL_CONTACT_URL', 'lindenhof-schule.de/kontakt', 'must be an https:// address'],
    ['VITE_IMPRINT_MARKDOWN', 'legal/demo/imprint.de.md', 'must contain {lng}'],
    ['VITE_PRIVACY_MARKDOWN', 'legal/demo/missing.{lng}.md', 'names files that cannot be used (en: '],
  ])('reports %s = %j as invalid', (name, value, message) => {
    const problems = checkBuildConfig({ ...PRODUCTION, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} .*${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('lists every problem at once', () => {
    const problems = checkBuildConfig({ VITE_FIREBASE_PROJECT_ID: 'lindenhof-portal', VITE_SEPA_IBAN: 'DE00000000000000000000' });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_APP_ID',
      'VITE_SEPA_RECIPIENT',
      'VITE_SEPA_IBAN',
      'VITE_SEPA_BIC',
      'VITE_SCHOOL_CONTACT_URL',
      'VITE_IMPRINT_MARKDOWN',
      'VITE_PRIVACY_MARKDOWN',
    ]);
  });
});
