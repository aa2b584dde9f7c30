import { describe, expect, it } from 'vitest';
import { checkActionUrl } from './authActionUrl';

const ORIGINS = ['https://portal.lindenhof.example', 'https://lindenhof-portal.web.app'];
const found = (callbackUri: string | null) => ({ kind: 'found' as const, callbackUri });

describe('the Auth e-mail action URL', () => {
  it("passes when it is the portal's /auth/action on one of the app's origins", () => {
    expect(checkActionUrl(found('https://portal.lindenhof.example/auth/action'), ORIGINS)).toEqual([]);
    expect(checkActionUrl(found('https://lindenhof-portal.web.app/auth/action/'), ORIGINS)).toEqual([]);
  });

  it("fails on Firebase's default handler, or none, with a line that says what to set", () => {
    for (const callbackUri of ['https://lindenhof-portal.firebaseapp.com/__/auth/action', null]) {
      const [finding, ...rest] = checkActionUrl(found(callbackUri), ORIGINS);
      expect(rest).toEqual([]);
      expect(finding).toMatchObject({ level: 'error', setting: 'Auth e-mail action URL' });
      expect(finding!.message).toContain("Firebase's default handler");
      expect(finding!.message).toContain('Customize action URL, to https://portal.lindenhof.example/auth/action');
    }
  });

  it('fails on another site or another path', () => {
    for (const callbackUri of ['https://evil.example/auth/action', 'https://portal.lindenhof.example/verify-email']) {
      const [finding] = checkActionUrl(found(callbackUri), ORIGINS);
      expect(finding).toMatchObject({ level: 'error' });
      expect(finding!.message).toContain(`is ${callbackUri}, not the portal's /auth/action`);
      expect(finding!.message).toContain('to https://portal.lindenhof.example/auth/action');
    }
  });

  it('fails when it cannot be read, and says to check it by hand', () => {
    const [finding] = checkActionUrl({ kind: 'unchecked', reason: 'not signed in' }, ORIGINS);
    expect(finding).toMatchObject({ level: 'error' });
    expect(finding!.message).toMatch(/could not be read \(not signed in\); check it by hand/);
  });
});
