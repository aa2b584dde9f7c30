/** The identity-provider operations of spec section 7, with the app's return URLs. */
import type { User } from 'firebase/auth';
import { paths } from '../routing/paths';
import { clearLocalData, getAuth, keepNothingOnThisDevice } from '../data/firebase';
import { checkEmailExists } from '../api/client';
import { sessionEnd } from './AuthProvider';
import { normalizeEmail } from './validation';

const returnUrl = (path: string) => ({ url: `${window.location.origin}${path}` });

/** Auth and its functions, loaded on first use: the login form paints without them. */
async function authApi() {
  const [auth, api] = await Promise.all([getAuth(), import('firebase/auth')]);
  return { auth, ...api };
}

export class NotAMemberError extends Error {
  constructor() {
    super('not a member');
    this.name = 'NotAMemberError';
  }
}

/** Whether this page switched Auth to keep the session in memory (a shared-computer sign-in). */
let sessionInMemory = false;

/**
 * On a shared computer the session keeps nothing on the device: the account lives in this page's
 * memory only (a reload or a closed tab signs out, and no other tab sees it), and Firestore
 * caches in memory. Otherwise the session is kept in IndexedDB as usual.
 */
export async function signIn(email: string, password: string, { sharedComputer = false } = {}): Promise<User> {
  const { auth, browserLocalPersistence, indexedDBLocalPersistence, inMemoryPersistence, setPersistence, signInWithEmailAndPassword } = await authApi();
  await keepNothingOnThisDevice(sharedComputer);
  if (sharedComputer !== sessionInMemory) {
    if (sharedComputer) await setPersistence(auth, inMemoryPersistence);
    else await setPersistence(auth, indexedDBLocalPersistence).catch(() => setPersistence(auth, browserLocalPersistence));
    sessionInMemory = sharedComputer;
  }
  return (await signInWithEmailAndPassword(auth, normalizeEmail(email), password)).user;
}

/**
 * The membership check spares a non-member the account creation, but it only advises: the
 * sign-up gate on the server decides. When the check cannot answer (rate limited by other
 * people's traffic, unreachable), the account is created and the gate refuses a non-member.
 */
async function refusedByMembershipCheck(address: string): Promise<boolean> {
  try {
    return !(await checkEmailExists(address));
  } catch (error) {
    console.warn('Membership check unavailable; the sign-up gate decides', error);
    return false;
  }
}

/** Only a member's account is created (the check, then the gate), then asked to verify. */
export async function signUp(email: string, password: string): Promise<void> {
  const address = normalizeEmail(email);
  if (await refusedByMembershipCheck(address)) throw new NotAMemberError();
  const { auth, createUserWithEmailAndPassword, sendEmailVerification } = await authApi();
  const { user } = await createUserWithEmailAndPassword(auth, address, password);
  await sendEmailVerification(user, returnUrl(paths.verifyEmail));
}

export async function resendVerification(): Promise<void> {
  const { auth: { currentUser }, sendEmailVerification } = await authApi();
  if (!currentUser) throw new Error('No user is currently signed in');
  await sendEmailVerification(currentUser, returnUrl(paths.verifyEmail));
}

/**
 * What opening a verification link did. The link verifies only the account that is signed in
 * with the link's address: anyone can create an account with a member's address through the Auth
 * API, and a link applied for whoever happens to open it would hand that stranger's password a
 * verified account (the mailbox owner opening "their" link while signed out).
 */
export type VerificationOutcome =
  | { status: 'verified' }
  /** Nobody is signed in: the owner signs in with the account's password, or resets it. */
  | { status: 'sign-in-required'; email: string }
  /** Signed in with another address than the link's. */
  | { status: 'other-account'; email: string };

export async function applyVerificationCode(code: string): Promise<VerificationOutcome> {
  const { auth, applyActionCode, checkActionCode } = await authApi();
  // checkActionCode reads the link without using it up.
  const { operation, data } = await checkActionCode(auth, code);
  if (operation !== 'VERIFY_EMAIL' || !data.email) throw new Error(`not an e-mail verification link: ${operation}`);
  const email = normalizeEmail(data.email);
  // Right after a page load the session may still be on its way back from storage.
  await auth.authStateReady();
  const current = auth.currentUser;
  if (!current) return { status: 'sign-in-required', email };
  if (normalizeEmail(current.email ?? '') !== email) return { status: 'other-account', email };
  await applyActionCode(auth, code);
  return { status: 'verified' };
}

export async function sendResetEmail(email: string): Promise<void> {
  const { auth, sendPasswordResetEmail } = await authApi();
  await sendPasswordResetEmail(auth, normalizeEmail(email), returnUrl(paths.login));
}

/** Returns the e-mail address the reset code belongs to. */
export async function verifyResetCode(code: string): Promise<string> {
  const { auth, verifyPasswordResetCode } = await authApi();
  return verifyPasswordResetCode(auth, code);
}

export async function confirmReset(code: string, password: string): Promise<void> {
  const { auth, confirmPasswordReset } = await authApi();
  await confirmPasswordReset(auth, code, password);
}

/**
 * The signed-in user enters the password again; the next ID token then says they just did
 * (auth_time), which deleting the account requires.
 */
export async function confirmPassword(password: string): Promise<void> {
  const { auth, EmailAuthProvider, reauthenticateWithCredential } = await authApi();
  const user = auth.currentUser;
  if (!user?.email) throw new Error('Nobody is signed in');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

export async function signOut(): Promise<void> {
  try {
    const { auth, signOut: signOutOfAuth } = await authApi();
    sessionEnd.signingOutHere = true;
    await signOutOfAuth(auth);
    await clearLocalData();
  } catch (error) {
    // Spec: a failed sign-out is only logged.
    console.error('Sign-out failed', error);
  }
}
