import { describe, expect, it } from 'vitest';
import type { Env, Finding } from './findings';
import { GOOD_FUNCTIONS, PROJECT } from './testFixtures';
import { checkFunctionSettings, checkSecret } from './functionChecks';

const about = (findings: Finding[], setting: string) => findings.filter((f) => f.setting === setting).map((f) => f.level);
const check = (changes: Env) => checkFunctionSettings({ ...GOOD_FUNCTIONS, ...changes }, PROJECT);

describe('functions settings', () => {
  it('accepts a complete configuration', () => {
    expect(checkFunctionSettings(GOOD_FUNCTIONS, PROJECT)).toEqual([]);
  });

  it('knows TRUSTED_PROXY_COUNT (a whole number of proxies), not taking it for a typo', () => {
    expect(check({ TRUSTED_PROXY_COUNT: '1' })).toEqual([]);
    expect(check({ TRUSTED_PROXY_COUNT: '0' })).toEqual([]);
  });

  it("knows the office's absence e-mail settings, not taking them for typos; without an address none is sent", () => {
    expect(check({ OFFICE_EMAIL: 'buero@schule.example', ABSENCE_MAIL_HOUR: '7' })).toEqual([]);
    expect(check({ OFFICE_EMAIL: '' })).toEqual([]);
  });

  it("needs the app id, the origins and the association's account for parents' e-mails, asks for its address; the rest has defaults", () => {
    const findings = checkFunctionSettings({}, PROJECT);
    expect(findings.map((f) => [f.setting, f.level])).toEqual([
      ['APPSHEET_APP_ID', 'error'],
      ['APP_ORIGINS', 'error'],
      ['SEPA_RECIPIENT', 'error'],
      ['SEPA_IBAN', 'error'],
      ['SEPA_BIC', 'error'],
      ['ASSOCIATION_ADDRESS', 'warning'],
      ['VAPID_PUBLIC_KEY', 'error'],
      ['VAPID_SUBJECT', 'error'],
    ]);
  });

  it('checks the VAPID public key and contact of Web Push', () => {
    expect(check({ VAPID_SUBJECT: 'https://portal.lindenhof-schule.de' })).toEqual([]);
    expect(about(check({ VAPID_PUBLIC_KEY: 'not-a-key' }), 'VAPID_PUBLIC_KEY')).toEqual(['error']);
    // The private key's form (32 bytes) given where the public one belongs.
    expect(about(check({ VAPID_PUBLIC_KEY: 'IIge2Ck479yGd6cXaUEdXCrU16h-R00d5H4jKkvAcFY' }), 'VAPID_PUBLIC_KEY')).toEqual(['error']);
    expect(about(check({ VAPID_SUBJECT: 'office@school.example' }), 'VAPID_SUBJECT')).toEqual(['error']);
    expect(about(check({ VAPID_SUBJECT: 'http://school.example' }), 'VAPID_SUBJECT')).toEqual(['error']);
  });

  it('refuses the VAPID private key in the .env: it is a secret', () => {
    expect(about(check({ VAPID_PRIVATE_KEY: 'IIge2Ck479yGd6cXaUEdXCrU16h-R00d5H4jKkvAcFY' }), 'VAPID_PRIVATE_KEY')).toEqual(['error']);
  });

  it.each([
    ['OFFICE_LANGUAGE', 'fr'],
    ['OFFICE_EMAIL', 'buero at schule.example'],
    ['ABSENCE_MAIL_HOUR', '24'],
    ['SEPA_IBAN', 'DE02120300000000202052'],
    ['SEPA_CREDITOR_ID', 'DE78ZZZ01234567890'],
  ])('reports %s = %j as an error', (setting, bad) => {
    expect(checkFunctionSettings({ ...GOOD_FUNCTIONS, [setting]: bad }, PROJECT).map((f) => [f.setting, f.level])).toEqual([[setting, 'error']]);
  });

  it.each([
    ['APPSHEET_BASE_URL', 'http://www.appsheet.com', 'error'],
    ['APPSHEET_BASE_URL', 'www.appsheet.com', 'error'],
    ['APPSHEET_BASE_URL', 'https://www.appsheet.com/api/v2', 'error'],
    ['APPSHEET_BASE_URL', 'https://api.appsheet.com', 'warning'], // deprecated host
    ['APPSHEET_APP_ID', 'demo-app', 'warning'],
    ['SCHOOL_TIME_ZONE', 'Europe/Lindenhof', 'error'], // no such zone
    ['SCHOOL_TIME_ZONE', 'America/New_York', 'error'], // real, but the AppSheet client has no name for it
    ['SYNC_MAX_DELETION_PERCENT', '0', 'error'],
    ['SYNC_MAX_DELETION_PERCENT', '101', 'error'],
    ['SYNC_MAX_DELETION_PERCENT', '2.5', 'error'],
    ['SYNC_MAX_DELETION_PERCENT', 'five', 'error'],
    ['TRUSTED_PROXY_COUNT', '-1', 'error'],
    ['TRUSTED_PROXY_COUNT', '1.5', 'error'],
    ['TRUSTED_PROXY_COUNT', '11', 'error'],
    ['APPSHEET_ACCESS_KEY', 'V2-abc', 'error'], // a secret in a plain .env file
    ['RATE_LIMIT_HMAC_KEY', 'abc', 'error'],
    ['APPSHEET_APPID', '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'warning'], // a typo: the functions never read it
  ])('reports %s = %j as %s', (setting, value, level) => {
    expect(about(check({ [setting]: value }), setting)).toEqual([level]);
  });

  it.each([
    ['APPSHEET_BASE_URL', 'https://eu.appsheet.com/'],
    ['SCHOOL_TIME_ZONE', 'Europe/Paris'],
    ['SYNC_MAX_DELETION_PERCENT', '1'],
    ['SYNC_MAX_DELETION_PERCENT', '100'],
  ])('accepts %s = %j', (setting, value) => {
    expect(check({ [setting]: value })).toEqual([]);
  });

  describe('APP_ORIGINS', () => {
    const levels = (value: string) => about(check({ APP_ORIGINS: value }), 'APP_ORIGINS');

    it('accepts the Hosting domain or a custom domain, as a JSON or comma-separated list', () => {
      expect(levels(`["https://${PROJECT}.web.app"]`)).toEqual([]);
      expect(levels(`["https://${PROJECT}.firebaseapp.com"]`)).toEqual([]);
      expect(levels('["https://portal.lindenhof-schule.de"]')).toEqual([]);
      expect(levels(`https://${PROJECT}.web.app,https://portal.lindenhof-schule.de`)).toEqual([]);
    });

    it('reports a value that is not a list of origins', () => {
      expect(levels('["https://a.de"')).toEqual(['error']);
      expect(levels('[1, 2]')).toEqual(['error']);
      // A trailing slash never matches what browsers send, so no usable origin is left either.
      expect(levels(`["https://${PROJECT}.web.app/"]`)).toEqual(['error', 'error']);
      expect(levels(`["https://${PROJECT}.web.app","https://portal.lindenhof-schule.de/login"]`)).toEqual(['error']);
    });

    it('warns of local development origins and refuses other plain http', () => {
      expect(levels(`["https://${PROJECT}.web.app","http://localhost:5173","http://127.0.0.1:5173"]`)).toEqual(['warning', 'warning']);
      expect(levels(`["https://${PROJECT}.web.app","http://portal.lindenhof-schule.de"]`)).toEqual(['error']);
    });

    it("needs an origin the portal is served from, not only another project's", () => {
      expect(levels('["https://other-portal.web.app"]')).toEqual(['warning', 'error']);
      expect(levels('["http://localhost:5173"]')).toEqual(['warning', 'error']);
    });
  });
});

describe('secrets', () => {
  it('passes a secret with an enabled version', () => {
    expect(checkSecret('APPSHEET_ACCESS_KEY', PROJECT, { kind: 'found', enabledVersions: 1 })).toEqual([]);
  });

  it('reports a secret that is missing or has no enabled version, with the command that sets it', () => {
    for (const lookup of [{ kind: 'missing' }, { kind: 'found', enabledVersions: 0 }] as const) {
      const [finding] = checkSecret('APPSHEET_ACCESS_KEY', PROJECT, lookup);
      expect(finding).toMatchObject({ level: 'error', setting: 'APPSHEET_ACCESS_KEY' });
      expect(finding?.message).toContain(`npx firebase functions:secrets:set APPSHEET_ACCESS_KEY --project ${PROJECT}`);
    }
  });

  it('warns, with the command to check by hand, when the CLI could not tell', () => {
    const [finding] = checkSecret('RATE_LIMIT_HMAC_KEY', PROJECT, { kind: 'unchecked', reason: 'Failed to authenticate' });
    expect(finding).toMatchObject({ level: 'warning', setting: 'RATE_LIMIT_HMAC_KEY' });
    expect(finding?.message).toContain('Failed to authenticate');
    expect(finding?.message).toContain(`npx firebase functions:secrets:get RATE_LIMIT_HMAC_KEY --project ${PROJECT}`);
  });
});
