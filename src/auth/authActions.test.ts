import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ currentUser: null as { email: string | null } | null, authStateReady: async () => {} }));
const sdk = vi.hoisted(() => ({ checkActionCode: vi.fn(), applyActionCode: vi.fn() }));
vi.mock('../lib/firebase', () => ({ getAuth: async () => auth, clearLocalData: async () => {} }));
vi.mock('firebase/auth', () => sdk);

const { applyVerificationCode } = await import('./authActions');

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
