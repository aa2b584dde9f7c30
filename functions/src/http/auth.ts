/** Who is calling: the Firebase ID token in the Authorization header, checked with the Admin SDK. */
import { ADMIN_USERS } from '@family-portal/contract';
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import { adminAuth, adminDb } from '../admin';
import { HttpError } from './errors';
import { isRevoked } from '../lib/tokenValidity';

export interface Caller {
  uid: string;
  /** Lower-cased, from the verified token, never from the request body. */
  email: string;
  /** When the user last entered their password (the token's auth_time), in seconds since 1970. */
  signedInAt: number;
}

const TOKEN_ERRORS: Record<string, string> = {
  'auth/id-token-expired': 'Your session has expired. Please sign in again.',
  'auth/id-token-revoked': 'Your session has been revoked. Please sign in again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-not-found': 'This account no longer exists.',
};

function refused(code: string): HttpError {
  logger.warn('ID token rejected', { code });
  return new HttpError('unauthenticated', TOKEN_ERRORS[code] ?? 'The authentication token is not valid. Please sign in again.');
}

/** A signed-in user with a verified e-mail address (revoked tokens are refused). */
export async function requireVerifiedUser(request: Request): Promise<Caller> {
  const header = request.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError('unauthenticated', 'User not authenticated: send the ID token as an Authorization bearer token.');
  let token;
  let user;
  try {
    // The signature, claims and expiry here; disabled and revoked below, from the same user record
    // the Admin SDK's own check would read (one Auth call either way).
    token = await adminAuth().verifyIdToken(match[1]);
    user = await adminAuth().getUser(token.uid);
  } catch (error) {
    throw refused((error as { code?: string }).code ?? '');
  }
  if (user.disabled) throw refused('auth/user-disabled');
  if (isRevoked(token.auth_time, { validSince: user.tokensValidAfterTime, createdAt: user.metadata.creationTime })) throw refused('auth/id-token-revoked');
  // Only e-mail/password sign-ins prove what the portal relies on (a mailbox verified by its
  // owner); another provider enabled later must never turn its e-mail claim into a member.
  if (token.firebase?.sign_in_provider !== 'password') {
    throw new HttpError('permission-denied', 'Sign in with your e-mail address and password.');
  }
  if (!token.email) throw new HttpError('permission-denied', 'This account has no e-mail address.');
  if (token.email_verified !== true) throw new HttpError('email-not-verified', 'Please verify your e-mail address first.');
  return { uid: token.uid, email: token.email.trim().toLowerCase(), signedInAt: token.auth_time };
}

/** A verified user with an active admin_users/{email} record. */
export async function requireAdmin(request: Request): Promise<Caller> {
  const caller = await requireVerifiedUser(request);
  const record = await adminDb().collection(ADMIN_USERS).doc(caller.email).get();
  if (record.get('active') !== true) throw new HttpError('permission-denied', 'Admin access required.');
  return caller;
}

/** How recently the password must have been entered for what a session left open must not do. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/**
 * Only right after the password was entered (the token's auth_time): a session left open on a
 * shared computer must not be enough to delete the account or to give a mandate.
 */
export function requireRecentSignIn(caller: Caller, message: string, now = Date.now()): void {
  if (now / 1000 - caller.signedInAt > RECENT_SIGN_IN_SECONDS) throw new HttpError('recent-sign-in-required', message);
}
