import { describe, expect, it } from 'vitest';
import { checkServedOrigins } from './originChecks';

const PROJECT = 'lindenhof-portal';
const about = (findings: ReturnType<typeof checkServedOrigins>) => findings.map((f) => `${f.level} ${f.setting}: ${f.message}`);

describe('APP_ORIGINS against the addresses that serve the app', () => {
  it('asks for both default names of the project when the sites cannot be listed, and says what it could not check', () => {
    const findings = about(checkServedOrigins([`https://${PROJECT}.web.app`], PROJECT, { kind: 'unchecked', reason: '--offline' }));
    expect(findings).toEqual([
      expect.stringMatching(/^warning APP_ORIGINS: lacks https:\/\/lindenhof-portal\.firebaseapp\.com, where Hosting also serves the app/),
      expect.stringMatching(/^warning Hosting sites: not checked \(--offline\): the default site may have another name/),
    ]);
  });

  it('passes when every served address is listed', () => {
    const hosts = ['lindenhof-portal-1a2b.web.app', 'lindenhof-portal-1a2b.firebaseapp.com', 'portal.lindenhof-schule.de'];
    expect(checkServedOrigins(hosts.map((host) => `https://${host}`), PROJECT, { kind: 'found', hosts })).toEqual([]);
  });

  it("finds a default site named other than the project, and a custom domain that is missing", () => {
    const hosts = ['lindenhof-portal-1a2b.firebaseapp.com', 'lindenhof-portal-1a2b.web.app', 'portal.lindenhof-schule.de'];
    const findings = about(checkServedOrigins([`https://${PROJECT}.web.app`, 'https://portal.lindenhof-schule.de'], PROJECT, { kind: 'found', hosts }));
    expect(findings).toEqual([
      'warning APP_ORIGINS: lacks https://lindenhof-portal-1a2b.firebaseapp.com, which serves the app: a page opened there cannot call the functions',
      'warning APP_ORIGINS: lacks https://lindenhof-portal-1a2b.web.app, which serves the app: a page opened there cannot call the functions',
      `warning APP_ORIGINS: https://${PROJECT}.web.app is not one of this project's Hosting sites or domains (${hosts.join(', ')})`,
    ]);
  });

  it('is an error when no listed origin serves the app', () => {
    const findings = checkServedOrigins([`https://${PROJECT}.web.app`], PROJECT, { kind: 'found', hosts: ['lindenhof-portal-1a2b.web.app'] });
    expect(findings.filter((f) => f.level === 'error')).toEqual([
      { level: 'error', setting: 'APP_ORIGINS', message: 'names none of the addresses that serve the app (https://lindenhof-portal-1a2b.web.app): every call would fail on CORS' },
    ]);
  });
});
