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
import { clearLocalData, getAuth } from '../lib/firebase';
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
  await signInWithEmailAndPassword(await getAuth(), normalizeEmail(email), password);
}

/** Checks membership first; only a member's account is created, then asked to verify. */
export async function signUp(email: string, password: string): Promise<void> {
  const address = normalizeEmail(email);
  if (!(await checkEmailExists(address))) throw new NotAMemberError();
  const { user } = await createUserWithEmailAndPassword(await getAuth(), address, password);
  await sendEmailVerification(user, returnUrl(paths.verifyEmail));
}

export async function resendVerification(): Promise<void> {
  const { currentUser } = await getAuth();
  if (!currentUser) throw new Error('No user is currently signed in');
  await sendEmailVerification(currentUser, returnUrl(paths.verifyEmail));
}

export const applyVerificationCode = async (code: string) => applyActionCode(await getAuth(), code);

export const sendResetEmail = async (email: string) => sendPasswordResetEmail(await getAuth(), normalizeEmail(email), returnUrl(paths.login));

/** Returns the e-mail address the reset code belongs to. */
export const verifyResetCode = async (code: string) => verifyPasswordResetCode(await getAuth(), code);

export const confirmReset = async (code: string, password: string) => confirmPasswordReset(await getAuth(), code, password);

export async function signOut(): Promise<void> {
  try {
    await firebaseSignOut(await getAuth());
    await clearLocalData();
  } catch (error) {
    // Spec: a failed sign-out is only logged.
    console.error('Sign-out failed', error);
  }
}
