import { describe, expect, it } from 'vitest';
import type { Finding } from './findings';
import { GOOD_WEB, PROJECT } from './testFixtures';
import { checkCreditorIdsAgree, checkTimeZonesAgree, checkWebSettings } from './webChecks';

const about = (findings: Finding[], setting: string) => findings.filter((f) => f.setting === setting).map((f) => f.level);

describe('web settings', () => {
  it('accepts a complete, real configuration', () => {
    expect(checkWebSettings(GOOD_WEB, PROJECT)).toEqual([]);
  });

  it.each([
    'VITE_FIREBASE_API_KEY',
    'VITE_FIREBASE_AUTH_DOMAIN',
    'VITE_FIREBASE_PROJECT_ID',
    'VITE_FIREBASE_APP_ID',
    'VITE_SEPA_RECIPIENT',
    'VITE_SEPA_IBAN',
    'VITE_SEPA_BIC',
    'VITE_SCHOOL_CONTACT_URL',
    'VITE_IMPRINT_MARKDOWN',
    'VITE_PRIVACY_MARKDOWN',
  ])('reports %s missing, or blank', (setting) => {
    expect(about(checkWebSettings({ ...GOOD_WEB, [setting]: undefined }, PROJECT), setting)).toEqual(['error']);
    expect(about(checkWebSettings({ ...GOOD_WEB, [setting]: '  ' }, PROJECT), setting)).toEqual(['error']);
  });

  it.each([
    ['VITE_FIREBASE_PROJECT_ID', 'other-project', 'error'],
    ['VITE_FIREBASE_API_KEY', 'your-web-api-key', 'error'],
    ['VITE_FIREBASE_API_KEY', 'not-an-api-key', 'warning'],
    ['VITE_FIREBASE_AUTH_DOMAIN', `https://${PROJECT}.firebaseapp.com`, 'error'],
    ['VITE_FIREBASE_AUTH_DOMAIN', 'login.lindenhof-schule.de', 'warning'],
    ['VITE_FIREBASE_APP_ID', '1:000000000000:web:0000000000000000', 'error'],
    ['VITE_FIREBASE_APP_ID', 'web-app', 'warning'],
    ['VITE_SEPA_RECIPIENT', 'Your Association e.V.', 'error'],
    ['VITE_SEPA_RECIPIENT', 'x'.repeat(71), 'error'],
    ['VITE_SEPA_IBAN', 'DE89370400440532013000', 'error'], // the demo account
    ['VITE_SEPA_IBAN', 'DE02120300000000202052', 'error'], // check digits wrong (mod 97)
    ['VITE_SEPA_IBAN', 'DE0212030000000020205', 'error'], // too short
    ['VITE_SEPA_IBAN', 'TR330006100519786457841326', 'error'], // valid, but not a SEPA country
    ['VITE_SEPA_BIC', 'XXXXDEXXXXX', 'error'],
    ['VITE_SEPA_BIC', 'BYLADEM', 'error'],
    ['VITE_SEPA_BIC', 'BNPAFRPPXXX', 'warning'], // a French bank for a German account
    ['VITE_SEPA_CREDITOR_ID', 'DE98ZZZ09999999999', 'error'], // the Bundesbank's test identifier
    ['VITE_SEPA_CREDITOR_ID', 'DE78ZZZ01234567890', 'error'], // check digits wrong (MOD 97-10)
    ['VITE_SCHOOL_CONTACT_URL', 'http://lindenhof-schule.de/kontakt', 'error'],
    ['VITE_SCHOOL_CONTACT_URL', 'lindenhof-schule.de/kontakt', 'error'],
    ['VITE_SCHOOL_CONTACT_URL', 'https://example.org/contact', 'error'],
    ['VITE_IMPRINT_MARKDOWN', 'legal/demo/imprint.{lng}.md', 'error'],
    ['VITE_IMPRINT_MARKDOWN', 'legal/imprint.de.md', 'error'],
    ['VITE_PRIVACY_MARKDOWN', 'legal/no-such-file.{lng}.md', 'error'],
    ['VITE_USE_EMULATORS', 'true', 'error'],
    ['VITE_FUNCTIONS_REGION', 'us-central1', 'error'],
    ['VITE_FUNCTIONS_BASE_URL', 'http://127.0.0.1:5001/x/europe-west1', 'error'],
  ])('reports %s = %j as %s', (setting, value, level) => {
    expect(about(checkWebSettings({ ...GOOD_WEB, [setting]: value }, PROJECT), setting)).toEqual([level]);
  });

  it.each([
    ['VITE_FIREBASE_AUTH_DOMAIN', `${PROJECT}.web.app`],
    ['VITE_SEPA_IBAN', 'de02120300000000202051'],
    ['VITE_SEPA_BIC', 'BYLADEM1'],
    ['VITE_SEPA_CREDITOR_ID', 'de79 zzz 01234567890'],
    ['VITE_USE_EMULATORS', 'false'],
    ['VITE_FUNCTIONS_REGION', 'europe-west1'],
    ['VITE_FUNCTIONS_BASE_URL', 'https://api.lindenhof-schule.de'],
  ])('accepts %s = %j', (setting, value) => {
    expect(checkWebSettings({ ...GOOD_WEB, [setting]: value }, PROJECT)).toEqual([]);
  });
});

describe('one clock for the web app and the functions', () => {
  it('accepts equal zones, and both unset (both default to Europe/Berlin)', () => {
    expect(checkTimeZonesAgree({ VITE_SCHOOL_TIME_ZONE: 'Europe/Vienna' }, { SCHOOL_TIME_ZONE: 'Europe/Vienna' })).toEqual([]);
    expect(checkTimeZonesAgree({}, {})).toEqual([]);
    expect(checkTimeZonesAgree({ VITE_SCHOOL_TIME_ZONE: 'Europe/Berlin' }, {})).toEqual([]);
  });

  it('reports zones that differ, and a zone that does not exist', () => {
    expect(about(checkTimeZonesAgree({ VITE_SCHOOL_TIME_ZONE: 'Europe/Paris' }, {}), 'VITE_SCHOOL_TIME_ZONE')).toEqual(['error']);
    expect(about(checkTimeZonesAgree({}, { SCHOOL_TIME_ZONE: 'Europe/Paris' }), 'VITE_SCHOOL_TIME_ZONE')).toEqual(['error']);
    expect(about(checkTimeZonesAgree({ VITE_SCHOOL_TIME_ZONE: 'Europe/Lindenhof' }, {}), 'VITE_SCHOOL_TIME_ZONE')).toEqual(['error']);
  });
});

describe('one creditor for the web app and the functions', () => {
  it('accepts the same identifier, however spaced, and none on both sides', () => {
    expect(checkCreditorIdsAgree({ VITE_SEPA_CREDITOR_ID: 'DE79 ZZZ 01234567890' }, { SEPA_CREDITOR_ID: 'de79zzz01234567890' })).toEqual([]);
    expect(checkCreditorIdsAgree({}, {})).toEqual([]);
  });

  it('refuses two identifiers, and one the functions lack; warns of one the web app lacks', () => {
    expect(about(checkCreditorIdsAgree({ VITE_SEPA_CREDITOR_ID: 'DE79ZZZ01234567890' }, { SEPA_CREDITOR_ID: 'DE34XYZ00000555555' }), 'VITE_SEPA_CREDITOR_ID')).toEqual(['error']);
    expect(about(checkCreditorIdsAgree({ VITE_SEPA_CREDITOR_ID: 'DE79ZZZ01234567890' }, {}), 'VITE_SEPA_CREDITOR_ID')).toEqual(['error']);
    expect(about(checkCreditorIdsAgree({}, { SEPA_CREDITOR_ID: 'DE79ZZZ01234567890' }), 'VITE_SEPA_CREDITOR_ID')).toEqual(['warning']);
  });
});
