import { describe, expect, it } from 'vitest';
import { normalizeEmail, validateCredentials, validateNewPassword, validateResetRequest } from './validation';

describe('sign-in and sign-up validation', () => {
  it('needs both fields, then six characters of password', () => {
    expect(validateCredentials('', 'secret1')).toBe('auth.errors.fillAllFields');
    expect(validateCredentials('  ', 'secret1')).toBe('auth.errors.fillAllFields');
    expect(validateCredentials('a@b.de', '')).toBe('auth.errors.fillAllFields');
    expect(validateCredentials('a@b.de', '12345')).toBe('auth.errors.passwordTooShort');
    expect(validateCredentials('a@b.de', '123456')).toBeNull();
  });

  it('lower-cases and trims the e-mail', () => {
    expect(normalizeEmail('  Anna.Mueller@Example.COM ')).toBe('anna.mueller@example.com');
  });
});

describe('password reset validation', () => {
  it('needs an e-mail of the basic shape text@text.text', () => {
    expect(validateResetRequest(' ')).toBe('auth.errors.enterEmailAddress');
    expect(validateResetRequest('anna@example')).toBe('auth.errors.invalidEmail');
    expect(validateResetRequest('anna example.com')).toBe('auth.errors.invalidEmail');
    expect(validateResetRequest(' anna@example.com ')).toBeNull();
  });

  it('needs both fields, six characters, and matching passwords', () => {
    expect(validateNewPassword('', 'abcdef')).toBe('auth.errors.fillAllFields');
    expect(validateNewPassword('abc', 'abc')).toBe('auth.errors.passwordTooShort');
    expect(validateNewPassword('abcdef', 'abcdeg')).toBe('auth.errors.passwordsDoNotMatch');
    expect(validateNewPassword('abcdef', 'abcdef')).toBeNull();
  });
});
