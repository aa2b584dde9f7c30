// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../api/apiError';

const auth = vi.hoisted(() => ({ currentUser: null as { email: string | null } | null, authStateReady: async () => {} }));
const sdk = vi.hoisted(() => ({
  checkActionCode: vi.fn(),
  applyActionCode: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  sendEmailVerification: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  setPersistence: vi.fn(),
  inMemoryPersistence: 'memory',
  indexedDBLocalPersistence: 'indexedDB',
  browserLocalPersistence: 'localStorage',
}));
const local = vi.hoisted(() => ({ keepNothingOnThisDevice: vi.fn() }));
const api = vi.hoisted(() => ({ checkEmailExists: vi.fn() }));
vi.mock('../data/firebase', () => ({ getAuth: async () => auth, clearLocalData: async () => {}, ...local }));
vi.mock('firebase/auth', () => sdk);
vi.mock('../api/client', () => api);

const { applyVerificationCode, NotAMemberError, signIn, signUp } = await import('./authActions');

beforeEach(() => {
  sdk.checkActionCode.mockReset().mockResolvedValue({ operation: 'VERIFY_EMAIL', data: { email: 'Anna.Mueller@example.com' } });
  sdk.applyActionCode.mockReset().mockResolvedValue(undefined);
  auth.currentUser = null;
});

describe('applyVerificationCode', () => {
  it('applies nothing while nobody is signed in: the link may be for a stranger\'s account', async () => {
    await expect(applyVerificationCode('code')).resolves.toEqual({ status: 'sign-in-required', email: 'anna.mueller@example.com' });
    expect(sdk.applyActionCode).not.toHaveBeenCalled();
  });

  it('applies nothing for an account with another address', async () => {
    auth.currentUser = { email: 'olga.petrova@example.com' };
    await expect(applyVerificationCode('code')).resolves.toEqual({ status: 'other-account', email: 'anna.mueller@example.com' });
    expect(sdk.applyActionCode).not.toHaveBeenCalled();
  });

  it('verifies the signed-in account of the link\'s address, whatever its case', async () => {
    auth.currentUser = { email: 'anna.mueller@example.com' };
    await expect(applyVerificationCode('code')).resolves.toEqual({ status: 'verified' });
    expect(sdk.applyActionCode).toHaveBeenCalledWith(auth, 'code');
  });

  it('refuses a link of another kind (a password reset code) without applying it', async () => {
    auth.currentUser = { email: 'anna.mueller@example.com' };
    sdk.checkActionCode.mockResolvedValue({ operation: 'PASSWORD_RESET', data: { email: 'anna.mueller@example.com' } });
    await expect(applyVerificationCode('code')).rejects.toThrow('not an e-mail verification link');
    expect(sdk.applyActionCode).not.toHaveBeenCalled();
  });
});

describe('signUp: the membership check advises, the sign-up gate decides', () => {
  const gateRefusal = Object.assign(new Error('Firebase: HTTP Cloud Function returned an error: not-a-member: only members (auth/internal-error).'), { code: 'auth/internal-error' });

  beforeEach(() => {
    api.checkEmailExists.mockReset();
    sdk.createUserWithEmailAndPassword.mockReset().mockResolvedValue({ user: { email: 'anna.mueller@example.com' } });
    sdk.sendEmailVerification.mockReset().mockResolvedValue(undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('creates no account for an address the check says is no member\'s', async () => {
    api.checkEmailExists.mockResolvedValue(false);
    await expect(signUp('Stranger@Example.com', 'secret123')).rejects.toBeInstanceOf(NotAMemberError);
    expect(sdk.createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it.each([
    ['rate limited (429)', new ApiError('Too many requests', 429, 'resource-exhausted')],
    ['unreachable', new ApiError('Failed to fetch', 0, 'network')],
    ['failing (503)', new ApiError('HTTP 503', 503, 'unavailable')],
  ])('goes on to create the account when the check is %s, and asks to verify', async (_what, failure) => {
    api.checkEmailExists.mockRejectedValue(failure);
    await signUp(' Anna.Mueller@example.com ', 'secret123');
    expect(sdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(auth, 'anna.mueller@example.com', 'secret123');
    expect(sdk.sendEmailVerification).toHaveBeenCalledTimes(1);
  });

  it('passes on the gate\'s refusal when the check could not answer', async () => {
    api.checkEmailExists.mockRejectedValue(new ApiError('Too many requests', 429, 'resource-exhausted'));
    sdk.createUserWithEmailAndPassword.mockRejectedValue(gateRefusal);
    await expect(signUp('stranger@example.com', 'secret123')).rejects.toBe(gateRefusal);
  });
});

describe('signIn on a shared computer', () => {
  it('keeps the session in memory and Firestore uncached on disk, and the next ordinary session kept again', async () => {
    sdk.setPersistence.mockReset().mockResolvedValue(undefined);
    sdk.signInWithEmailAndPassword.mockReset().mockResolvedValue({});
    local.keepNothingOnThisDevice.mockReset().mockResolvedValue(undefined);

    await signIn('anna.mueller@example.com', 'secret123', { sharedComputer: true });
    expect(local.keepNothingOnThisDevice).toHaveBeenLastCalledWith(true);
    expect(sdk.setPersistence).toHaveBeenLastCalledWith(auth, 'memory');
    expect(sdk.setPersistence.mock.invocationCallOrder[0]).toBeLessThan(sdk.signInWithEmailAndPassword.mock.invocationCallOrder[0]!);

    await signIn('anna.mueller@example.com', 'secret123');
    expect(local.keepNothingOnThisDevice).toHaveBeenLastCalledWith(false);
    expect(sdk.setPersistence).toHaveBeenLastCalledWith(auth, 'indexedDB');
    expect(sdk.setPersistence).toHaveBeenCalledTimes(2);
  });
});
