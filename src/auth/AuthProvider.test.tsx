// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, sessionEnd, useAuth } from './AuthProvider';

/** A stand-in for Firebase Auth: one listener, and users whose tokens say what the test wants. */
interface FakeAuth {
  listener: ((user: unknown) => void) | null;
  currentUser: unknown;
  ready: Promise<void>;
}
const auth = vi.hoisted((): FakeAuth => ({ listener: null, currentUser: null, ready: Promise.resolve() }));
const clearLocalData = vi.hoisted(() => vi.fn(async () => undefined));
/** Whether Auth was asked for, and the promise data/firebase settles when it first is. */
const asked = vi.hoisted(() => {
  let resolve: () => void = () => undefined;
  const requested = new Promise<void>((settle) => (resolve = settle));
  return { getAuth: 0, requested, ask: () => resolve() };
});
vi.mock('../data/firebase', () => ({
  getAuth: async () => {
    asked.getAuth += 1;
    return { get currentUser() { return auth.currentUser; }, authStateReady: () => auth.ready };
  },
  authRequested: asked.requested,
  familyStore: async () => ({ isAdmin: async () => false }),
  clearLocalData,
}));
vi.mock('firebase/auth', () => ({
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    auth.listener = listener;
    return () => undefined;
  },
}));

/**
 * A verified account whose token was issued before it was verified, until refreshed. The new
 * token is reported to the listener as Firebase does, once `reportNewToken` is called when
 * `held`, else on the next task.
 */
function userWithStaleToken({ held = false } = {}) {
  let claim = false;
  let report: () => void = () => undefined;
  const reported = held ? new Promise<void>((resolve) => (report = resolve)) : new Promise<void>((resolve) => setTimeout(resolve));
  const user = {
    uid: 'u1',
    email: 'anna@example.com',
    emailVerified: true,
    displayName: null,
    photoURL: null,
    reload: vi.fn(async () => undefined),
    getIdTokenResult: vi.fn(async () => ({ claims: { email_verified: claim } })),
    getIdToken: vi.fn(async (force?: boolean) => {
      if (force) {
        claim = true;
        void reported.then(() => auth.listener?.(user));
      }
      return 'token';
    }),
    reportNewToken: () => report(),
  };
  return user;
}

function Probe() {
  const { user, loading, refreshUser } = useAuth();
  return (
    <>
      <p>{loading ? 'loading' : user ? `signed in, verified: ${user.emailVerified}` : 'signed out'}</p>
      <button onClick={() => void refreshUser()}>refresh</button>
    </>
  );
}

describe('the signed-in user', () => {
  it('is shown as verified only with a token that says so, so that the rules let the reads through', async () => {
    render(<AuthProvider><Probe /></AuthProvider>);
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    const user = userWithStaleToken({ held: true });
    await act(async () => auth.listener?.(user));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(user.getIdToken).toHaveBeenCalledWith(true);
    act(() => user.reportNewToken());
    expect(await screen.findByText('signed in, verified: true')).toBeInTheDocument();
    expect(user.getIdToken).toHaveBeenCalledTimes(1);
  });

  it('refreshes the user restored after a page load, not nobody, when asked right away', async () => {
    let restore: () => void = () => undefined;
    auth.ready = new Promise<void>((resolve) => (restore = resolve));
    auth.currentUser = null;
    render(<AuthProvider><Probe /></AuthProvider>);
    const user = userWithStaleToken();
    act(() => screen.getByRole('button', { name: 'refresh' }).click());
    auth.currentUser = user;
    restore();
    await vi.waitFor(() => expect(user.reload).toHaveBeenCalled());
    expect(user.getIdToken).toHaveBeenCalledWith(true);
  });
});

describe('when the session ends', () => {
  it("forgets the family's documents on this device, whether signed out here, elsewhere or refused", async () => {
    auth.listener = null;
    render(<AuthProvider><Probe /></AuthProvider>);
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    clearLocalData.mockClear();
    const leave = vi.spyOn(sessionEnd, 'leave').mockImplementation(() => undefined);
    const user = { ...userWithStaleToken(), getIdTokenResult: vi.fn(async () => ({ claims: { email_verified: true } })) };
    await act(async () => auth.listener?.(user));
    expect(await screen.findByText('signed in, verified: true')).toBeInTheDocument();
    expect(clearLocalData).not.toHaveBeenCalled();
    // Auth reports nobody: a sign-out in another tab, a disabled account, a refused token.
    await act(async () => auth.listener?.(null));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(clearLocalData).toHaveBeenCalledTimes(1);
    // The tab reloads once its cache is let go of.
    await vi.waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
  });

  it("does not reload the tab that signed out itself: the router takes it to the sign-in", async () => {
    auth.listener = null;
    const leave = vi.spyOn(sessionEnd, 'leave').mockImplementation(() => undefined);
    render(<AuthProvider><Probe /></AuthProvider>);
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    const user = { ...userWithStaleToken(), getIdTokenResult: vi.fn(async () => ({ claims: { email_verified: true } })) };
    await act(async () => auth.listener?.(user));
    expect(await screen.findByText('signed in, verified: true')).toBeInTheDocument();
    clearLocalData.mockClear();
    sessionEnd.signingOutHere = true;
    await act(async () => auth.listener?.(null));
    expect(clearLocalData).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(leave).not.toHaveBeenCalled();
    expect(sessionEnd.signingOutHere).toBe(false);
  });

  it('clears what an earlier session left, without reloading, when the portal opens signed out', async () => {
    auth.listener = null;
    const leave = vi.spyOn(sessionEnd, 'leave').mockImplementation(() => undefined);
    render(<AuthProvider><Probe /></AuthProvider>);
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    clearLocalData.mockClear();
    await act(async () => auth.listener?.(null));
    expect(clearLocalData).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('on a signed-out visitor\'s login page', () => {
  it('loads Auth only once the form asks for it, and at once when this browser may hold a session', async () => {
    window.history.replaceState(null, '', '/login');
    localStorage.removeItem('session');
    auth.listener = null;
    asked.getAuth = 0;
    const first = render(<AuthProvider><Probe /></AuthProvider>);
    // Effects run and every pending promise settles: an eager start would have asked by now.
    await act(async () => undefined);
    expect(asked.getAuth).toBe(0);
    expect(screen.getByText('loading')).toBeInTheDocument();
    // The parent starts typing: the form asks for Auth (data/firebase settles authRequested).
    asked.ask();
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    const user = { ...userWithStaleToken(), getIdTokenResult: vi.fn(async () => ({ claims: { email_verified: true } })) };
    await act(async () => auth.listener?.(user));
    expect(await screen.findByText('signed in, verified: true')).toBeInTheDocument();
    expect(localStorage.getItem('session')).not.toBeNull();
    first.unmount();

    // A later visit of /login by that signed-in browser: Auth at once, so that it moves on.
    auth.listener = null;
    render(<AuthProvider><Probe /></AuthProvider>);
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    await act(async () => auth.listener?.(null));
    expect(localStorage.getItem('session')).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it("clears what an earlier session left before the form opens Firestore, and not again at Auth's first report", async () => {
    window.history.replaceState(null, '', '/login');
    localStorage.removeItem('session');
    auth.listener = null;
    clearLocalData.mockClear();
    render(<AuthProvider><Probe /></AuthProvider>);
    expect(clearLocalData).toHaveBeenCalledTimes(1);
    asked.ask();
    await vi.waitFor(() => expect(auth.listener).not.toBeNull());
    await act(async () => auth.listener?.(null));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(clearLocalData).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/');
  });
});
