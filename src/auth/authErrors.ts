/**
 * Firebase Auth error codes → the spec's i18n keys (section 8). No raw Firebase text reaches a
 * user: anything unknown falls back to the generic message of that flow.
 */
import type { ParseKeys } from 'i18next';

type AuthErrorKey = Extract<ParseKeys, `auth.errors.${string}`>;

const code = (error: unknown): string => (error as { code?: string } | null)?.code ?? '';

/** The membership gate (functions/src/auth/membershipGate.ts) puts this into its refusal. */
export const NOT_A_MEMBER = 'NOT_A_MEMBER';

export function isNotAMemberError(error: unknown): boolean {
  return String((error as { message?: string } | null)?.message ?? '').includes(NOT_A_MEMBER);
}

export function signInErrorKey(error: unknown): AuthErrorKey {
  switch (code(error)) {
    case 'auth/user-not-found':
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return 'auth.errors.invalidCredentials';
    case 'auth/email-already-in-use':
      return 'auth.errors.emailInUse';
    case 'auth/invalid-email':
      return 'auth.errors.invalidEmail';
    case 'auth/weak-password':
      return 'auth.errors.weakPassword';
    case 'auth/too-many-requests':
      return 'auth.errors.tooManyRequests';
    case 'auth/network-request-failed':
      return 'auth.errors.networkError';
    case 'auth/user-disabled':
      return 'auth.errors.userDisabled';
    case 'auth/operation-not-allowed':
      return 'auth.errors.operationNotAllowed';
    default:
      return 'auth.errors.genericError';
  }
}

export function resetRequestErrorKey(error: unknown): AuthErrorKey {
  switch (code(error)) {
    case 'auth/user-not-found':
      return 'auth.errors.userNotFound';
    case 'auth/invalid-email':
      return 'auth.errors.invalidEmail';
    case 'auth/too-many-requests':
      return 'auth.errors.tooManyPasswordResets';
    case 'auth/network-request-failed':
      return 'auth.errors.networkError';
    default:
      return 'auth.errors.unableToSendReset';
  }
}

export function resetCodeErrorKey(error: unknown): AuthErrorKey {
  switch (code(error)) {
    case 'auth/invalid-action-code':
      return 'auth.errors.invalidActionCode';
    case 'auth/expired-action-code':
      return 'auth.errors.expiredActionCode';
    case 'auth/network-request-failed':
      return 'auth.errors.networkError';
    default:
      return 'auth.errors.unableToVerifyResetLink';
  }
}

export function resetConfirmErrorKey(error: unknown): AuthErrorKey {
  if (code(error) === 'auth/weak-password') return 'auth.errors.weakPassword';
  const key = resetCodeErrorKey(error);
  return key === 'auth.errors.unableToVerifyResetLink' ? 'auth.errors.unableToResetPassword' : key;
}
