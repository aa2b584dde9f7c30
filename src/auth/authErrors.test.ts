import { describe, expect, it } from 'vitest';
import { isNotAMemberError, resetCodeErrorKey, resetConfirmErrorKey, resetRequestErrorKey, signInErrorKey } from './authErrors';
import { ApiError } from '../api/client';

const error = (code: string) => ({ code, message: `Firebase: Error (${code}).` });

describe('auth error mapping (spec section 8)', () => {
  it.each([
    ['auth/user-not-found', 'invalidCredentials'],
    ['auth/wrong-password', 'invalidCredentials'],
    ['auth/invalid-credential', 'invalidCredentials'],
    ['auth/email-already-in-use', 'emailInUse'],
    ['auth/invalid-email', 'invalidEmail'],
    ['auth/weak-password', 'weakPassword'],
    ['auth/too-many-requests', 'tooManyRequests'],
    ['auth/network-request-failed', 'networkError'],
    ['auth/user-disabled', 'userDisabled'],
    ['auth/operation-not-allowed', 'operationNotAllowed'],
    ['auth/something-new', 'genericError'],
  ])('sign-in %s → %s', (code, key) => {
    expect(signInErrorKey(error(code))).toBe(`auth.errors.${key}`);
  });

  it('maps reset requests, code checks and confirmations', () => {
    expect(resetRequestErrorKey(error('auth/user-not-found'))).toBe('auth.errors.userNotFound');
    expect(resetRequestErrorKey(error('auth/too-many-requests'))).toBe('auth.errors.tooManyPasswordResets');
    expect(resetRequestErrorKey(new Error('boom'))).toBe('auth.errors.unableToSendReset');
    expect(resetCodeErrorKey(error('auth/expired-action-code'))).toBe('auth.errors.expiredActionCode');
    expect(resetCodeErrorKey(error('auth/invalid-action-code'))).toBe('auth.errors.invalidActionCode');
    expect(resetCodeErrorKey(null)).toBe('auth.errors.unableToVerifyResetLink');
    expect(resetConfirmErrorKey(error('auth/weak-password'))).toBe('auth.errors.weakPassword');
    expect(resetConfirmErrorKey(error('auth/internal-error'))).toBe('auth.errors.unableToResetPassword');
  });

  it("recognises the membership gate's refusal inside the SDK's internal error", () => {
    expect(isNotAMemberError({ code: 'auth/internal-error', message: 'Firebase: {"error":{"message":"BLOCKING_FUNCTION_ERROR_RESPONSE : not-a-member: only members"}}' })).toBe(true);
    expect(isNotAMemberError({ code: 'auth/internal-error', message: 'Firebase: Error (auth/internal-error).' })).toBe(false);
    expect(isNotAMemberError(error('auth/internal-error'))).toBe(false);
  });

  it('gives the membership check\'s answers the sign-in texts: a 429 is "too many attempts"', () => {
    expect(signInErrorKey(new ApiError('Too many requests', 429, 'resource-exhausted'))).toBe('auth.errors.tooManyRequests');
    expect(signInErrorKey(new ApiError('Failed to fetch', 0, 'network'))).toBe('auth.errors.networkError');
    expect(signInErrorKey(new ApiError('boom', 500, 'internal'))).toBe('auth.errors.genericError');
  });
});
