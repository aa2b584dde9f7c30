/** The identity-provider operations of spec section 7, with the app's return URLs. */
import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { paths } from '../routing/paths';
import { auth } from '../lib/firebase';
import { checkEmailExists } from '../api/client';
import { normalizeEmail } from './validation';

const returnUrl = (path: string) => ({ url: `${window.location.origin}${path}` });

export class NotAMemberError extends Error {
  constructor() {
    super('not a member');
    this.name = 'NotAMemberError';
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, normalizeEmail(email), password);
}

/** Checks membership first; only a member's account is created, then asked to verify. */
export async function signUp(email: string, password: string): Promise<void> {
  const address = normalizeEmail(email);
  if (!(await checkEmailExists(address))) throw new NotAMemberError();
  const { user } = await createUserWithEmailAndPassword(auth, address, password);
  await sendEmailVerification(user, returnUrl(paths.verifyEmail));
}

export async function resendVerification(): Promise<void> {
  if (!auth.currentUser) throw new Error('No user is currently signed in');
  await sendEmailVerification(auth.currentUser, returnUrl(paths.verifyEmail));
}

export const applyVerificationCode = (code: string) => applyActionCode(auth, code);

export const sendResetEmail = (email: string) => sendPasswordResetEmail(auth, normalizeEmail(email), returnUrl(paths.login));

/** Returns the e-mail address the reset code belongs to. */
export const verifyResetCode = (code: string) => verifyPasswordResetCode(auth, code);

export const confirmReset = (code: string, password: string) => confirmPasswordReset(auth, code, password);

export async function signOut(): Promise<void> {
  try {
    await firebaseSignOut(auth);
  } catch (error) {
    // Spec: a failed sign-out is only logged.
    console.error('Sign-out failed', error);
  }
}
