/**
 * Accounts that prove nothing get nothing: a token of another sign-in provider is refused by every
 * function that needs a user, a token from before a password change is refused even within the
 * same second, and accounts nobody verified within 48 hours are deleted.
 */
import { describe, expect, it } from 'vitest';
import { deleteUnverifiedAccounts, UNVERIFIED_ACCOUNT_LIFETIME_MS } from '../../functions/src/auth/unverifiedAccounts';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { craftedToken, createAccount, functionUrl, idTokenFor, PASSWORD } from '../support/auth';

const { auth } = emulatorAdmin();

async function call(name: string, token: string, body?: unknown) {
  const response = await fetch(functionUrl(name), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error: string; message: string } };
}

/** A token for an existing account, as another provider would issue it (the emulator does not sign tokens). */
function tokenOf(user: { uid: string; email?: string }, signInProvider: string) {
  return craftedToken({ sub: user.uid, user_id: user.uid, email: user.email, email_verified: true, firebase: { identities: {}, sign_in_provider: signInProvider } });
}

describe('only e-mail/password sign-ins count', () => {
  it.each(['google.com', 'custom', 'anonymous', 'phone'])('refuses a %s token of an admin and of a member, and accepts the password one', async (provider) => {
    const admin = await createAccount('provider.admin@example.com', { admin: true });
    expect((await call('getSyncStatus', tokenOf(admin, 'password'))).status).toBe(200);
    const refused = await call('getSyncStatus', tokenOf(admin, provider));
    expect(refused).toEqual({ status: 403, body: { error: 'permission-denied', message: 'Sign in with your e-mail address and password.' } });

    const member = await createAccount('provider.member@example.com');
    // A password token gets past the token check to the membership lookup (no member: 404).
    expect((await call('updateMemberData', tokenOf(member, 'password'), { unknownField: 1 })).status).toBe(404);
    expect((await call('updateMemberData', tokenOf(member, provider), { unknownField: 1 })).status).toBe(403);
    expect((await call('cancelMembership', tokenOf(member, provider), {})).status).toBe(403);
  });
});

const authTimeOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { auth_time: number }).auth_time;
const secondOf = (utc: string) => Date.parse(utc) / 1000;
/** Resolves early in a second later than `after` (seconds since 1970). */
async function startOfSecondAfter(after: number) {
  while (Math.floor(Date.now() / 1000) <= after || Date.now() % 1000 > 100) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a password change revokes every earlier sign-in, to the second', () => {
  it('refuses a token signed in during the second of the change, and accepts a sign-in after it', async () => {
    const email = 'same.second@example.com';
    const account = await createAccount(email, { admin: true });
    // A sign-in and a password change in one second of their own (Auth keeps validSince in whole
    // seconds), past the second the account was made in: the stranger's token of the takeover test,
    // had the member reset the password at once. Each attempt starts a new second; a busy machine
    // may need more than one.
    let password = PASSWORD;
    let token = '';
    let changedAt = 0;
    let sameSecond = false;
    for (let attempt = 1; attempt <= 5 && !sameSecond; attempt++) {
      await startOfSecondAfter(secondOf((await auth.getUser(account.uid)).tokensValidAfterTime!));
      token = await idTokenFor(email, password);
      password = `changed-${attempt}`;
      await auth.updateUser(account.uid, { password });
      changedAt = secondOf((await auth.getUser(account.uid)).tokensValidAfterTime!);
      sameSecond = authTimeOf(token) === changedAt;
    }
    expect(sameSecond).toBe(true);

    expect(await call('getSyncStatus', token)).toEqual({ status: 401, body: { error: 'unauthenticated', message: 'Your session has been revoked. Please sign in again.' } });
    await startOfSecondAfter(changedAt);
    expect((await call('getSyncStatus', await idTokenFor(email, password))).status).toBe(200);
  });
});

describe('unverified accounts are deleted after 48 hours', () => {
  it('deletes only accounts unverified for 48 hours or more', async () => {
    const now = Date.now();
    const accounts = [
      { uid: 'squatter-old', email: 'squatter.old@example.com', emailVerified: false, age: UNVERIFIED_ACCOUNT_LIFETIME_MS + 60_000 },
      { uid: 'verified-old', email: 'verified.old@example.com', emailVerified: true, age: UNVERIFIED_ACCOUNT_LIFETIME_MS + 60_000 },
      { uid: 'squatter-young', email: 'squatter.young@example.com', emailVerified: false, age: UNVERIFIED_ACCOUNT_LIFETIME_MS - 60 * 60_000 },
    ];
    await auth.deleteUsers(accounts.map((account) => account.uid));
    const imported = await auth.importUsers(
      accounts.map(({ uid, email, emailVerified, age }) => ({ uid, email, emailVerified, metadata: { creationTime: new Date(now - age).toUTCString(), lastSignInTime: new Date(now - age).toUTCString() } })),
    );
    expect(imported.failureCount).toBe(0);

    expect(await deleteUnverifiedAccounts(auth, new Date(now))).toBe(1);
    const remaining = await auth.getUsers(accounts.map(({ uid }) => ({ uid })));
    expect(remaining.users.map((user) => user.uid).sort()).toEqual(['squatter-young', 'verified-old']);
  });
});
