import { describe, expect, it, vi } from 'vitest';
import { AuthFromPage } from './authFromPage';

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('AuthFromPage, the signed-in user Firestore in the worker asks for', () => {
  it('tells a listener of the reported user after it was added, not within the call (Firestore waits for that report)', async () => {
    const auth = new AuthFromPage(async () => 'token');
    auth.userChanged('u1');
    const listener = vi.fn();
    auth.addAuthTokenListener(listener);
    expect(listener).not.toHaveBeenCalled();
    await settle();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(auth.getUid()).toBe('u1');
  });

  it('answers with the token the page sent, asks the page only for a refresh or before one came', async () => {
    const tokenOf = vi.fn(async (force: boolean) => (force ? 'fresh' : 'asked'));
    const auth = new AuthFromPage(tokenOf);
    auth.userChanged('u1');
    expect(await auth.getToken()).toEqual({ accessToken: 'asked' });
    auth.tokenChanged('u1', 'sent');
    expect(await auth.getToken()).toEqual({ accessToken: 'sent' });
    expect(await auth.getToken(true)).toEqual({ accessToken: 'fresh' });
    expect(await auth.getToken()).toEqual({ accessToken: 'fresh' });
    expect(tokenOf.mock.calls).toEqual([[false], [true]]);
  });

  it('has no token without a user, and drops the last user’s token when another signs in', async () => {
    const auth = new AuthFromPage(async () => null);
    auth.userChanged(null);
    expect(await auth.getToken()).toBeNull();
    auth.userChanged('u1');
    auth.tokenChanged('u1', 'of u1');
    auth.userChanged('u2');
    auth.tokenChanged('u1', 'late, of u1');
    expect(await auth.getToken()).toBeNull();
    expect(auth.getUid()).toBe('u2');
  });

  it('reports a new user and a new token of the same user, not the same report twice', async () => {
    const auth = new AuthFromPage(async () => null);
    const listener = vi.fn();
    auth.addAuthTokenListener(listener);
    auth.userChanged('u1');
    auth.userChanged('u1');
    auth.tokenChanged('u1', 'first');
    auth.tokenChanged('u1', 'first');
    expect(listener).toHaveBeenCalledTimes(1);
    // A new token (refreshed, or with a new claim): Firestore opens its streams again with it.
    auth.tokenChanged('u1', 'second');
    expect(listener).toHaveBeenCalledTimes(2);
    auth.userChanged(null);
    expect(listener).toHaveBeenCalledTimes(3);
    auth.removeAuthTokenListener(listener);
    auth.userChanged('u2');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
