/**
 * Firebase Auth error codes → the spec's i18n keys (section 8). No raw Firebase text reaches a
 * user: anything unknown falls back to the generic message of that flow.
 */
import { NOT_A_MEMBER } from '@family-portal/contract/rules';
import type { ParseKeys } from 'i18next';
import { ApiError } from '../api/apiError';

type AuthErrorKey = Extract<ParseKeys, `auth.errors.${string}`>;

const code = (error: unknown): string => (error as { code?: string } | null)?.code ?? '';

/**
 * The sign-up gate (a blocking function) refuses a non-member with the code NOT_A_MEMBER leading
 * its message: Auth passes a blocking function's refusal on only as text, as
 * "… BLOCKING_FUNCTION_ERROR_RESPONSE : not-a-member: …", so the code is looked for there.
 */
export function isNotAMemberError(error: unknown): boolean {
  const message = String((error as { message?: string } | null)?.message ?? '');
  return new RegExp(`\\b${NOT_A_MEMBER}: `).test(message);
}

/** The membership check before a sign-up is our API; its codes get the same texts as Auth's. */
function membershipCheckErrorKey(error: ApiError): AuthErrorKey {
  if (error.code === 'resource-exhausted') return 'auth.errors.tooManyRequests';
  if (error.code === 'network') return 'auth.errors.networkError';
  return 'auth.errors.genericError';
}

export function signInErrorKey(error: unknown): AuthErrorKey {
  if (error instanceof ApiError) return membershipCheckErrorKey(error);
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
