/** Accounts and ID tokens from the Auth emulator, for calling the functions as a user would. */
import { vi } from 'vitest';
import { emulatorAdmin } from '../../tools/lib/adminSdk';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from '../../tools/lib/stack';

export const PASSWORD = 'secret123';

/**
 * A new account (an existing one of that address is deleted first). Auth may stamp the account's
 * validSince in the second after its creation (when creating it spans a second's end); the
 * functions take that for a revocation and refuse tokens signed in up to it, so this returns once
 * that second is over and any token taken afterwards counts (a full CI run once refused one).
 */
export async function createAccount(email: string, options: { verified?: boolean; admin?: boolean | 'inactive' } = {}) {
  const { auth, db } = emulatorAdmin();
  const existing = await auth.getUserByEmail(email).catch(() => null);
  if (existing) await auth.deleteUser(existing.uid);
  const user = await auth.createUser({ email, password: PASSWORD, emailVerified: options.verified ?? true });
  if (options.admin) await db.collection('admin_users').doc(email).set({ active: options.admin === true });
  const stamped = (await auth.getUser(user.uid)).tokensValidAfterTime;
  const validSince = stamped ? Date.parse(stamped) : 0;
  if (Math.floor(validSince / 1000) > Math.floor(Date.parse(user.metadata.creationTime) / 1000)) {
    // vi.waitFor, not expect.poll: this runs in beforeAll hooks too, outside any test.
    await vi.waitFor(
      () => {
        if (Date.now() < validSince + 1000) throw new Error(`the clock has not passed ${new Date(validSince + 1000).toISOString()} yet`);
      },
      { timeout: 3000, interval: 50 },
    );
  }
  return user;
}

/** A new account (createAccount) and its ID token. */
export async function signedUpAccount(email: string, options: { admin?: boolean | 'inactive' } = {}): Promise<{ uid: string; token: string }> {
  const user = await createAccount(email, options);
  return { uid: user.uid, token: await idTokenFor(email) };
}

/** Signs in through the Auth emulator's REST API, as the web SDK does, and returns the ID token. */
export async function idTokenFor(email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(
    `http://${EMULATOR_HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`sign-in failed: ${body.error?.message}`);
  return body.idToken;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An unsigned token with chosen claims, shaped like the emulator's own. The Auth emulator's
 * tokens carry no signature, so the Admin SDK checks claims here and signatures only in
 * production; these tokens test the claim checks.
 */
export function craftedToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: 'nobody',
    user_id: 'nobody',
    email: 'nobody@example.com',
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

export function functionUrl(name: string, query = ''): string {
  return `http://${EMULATOR_HOST}:${PORTS.functions}/${PROJECT_ID}/europe-west1/${name}${query}`;
}

/**
 * Moves the moment from which the account's tokens count back by `seconds` (the Identity Toolkit's
 * `validSince`, set as an admin): a token that says the password was entered some minutes ago is
 * then an old sign-in, not one from before the account existed (which revocation refuses).
 */
export async function backdateAccount(uid: string, seconds: number): Promise<void> {
  const validSince = String(Math.floor(Date.now() / 1000) - seconds);
  const response = await fetch(`http://${EMULATOR_HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, validSince }),
  });
  if (!response.ok) throw new Error(`backdating the account failed: HTTP ${response.status} ${await response.text()}`);
}
