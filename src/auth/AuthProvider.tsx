import type { User } from 'firebase/auth';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepsNothing } from '../data/keptFamily';
import { authRequested, clearLocalData, familyStore, getAuth } from '../data/firebase';
import { paths } from '../routing/paths';

/** The auth user summary of spec section 3, plus the admin flag. */
export interface AppUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  /** Null while the admin record is still being read (the dashboard does not wait for it). */
  isAdmin: boolean | null;
}

export interface AuthState {
  user: AppUser | null;
  loading: boolean;
  /** Reloads the user and refreshes the ID token (so rules see email_verified). */
  refreshUser: () => Promise<AppUser | null>;
}

/**
 * How a tab leaves a session that ended: a full reload of where the router has taken it (the
 * sign-in, or a public page), keeping the router's state (where to return after signing in).
 * Replaced in tests.
 */
export const sessionEnd = {
  /** Set by this tab's own sign-out, which lets go of its cache itself and moves on by the router. */
  signingOutHere: false,
  leave: () => window.location.reload(),
};

/**
 * Whether this browser may hold a session: noted while one is signed in. Without it, the public
 * pages a signed-out visitor uses load Firebase Auth only when the form asks for it (typing, a
 * submit), not with the page: most visitors of /login have no session, and a phone then
 * downloads a third less before the page is ready.
 */
const SESSION_KEY = 'session';
const PAGES_THAT_WAIT_FOR_USE: ReadonlySet<string> = new Set([paths.login, paths.forgotPassword]);

export function mayHoldSession(): boolean {
  try {
    return localStorage.getItem(SESSION_KEY) !== null;
  } catch {
    return true;
  }
}

function noteSession(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SESSION_KEY, '1');
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage refused (private mode): every page then loads Auth at once.
  }
}

/** Exported for tests, which provide a chosen auth state. */
export const AuthContext = createContext<AuthState | null>(null);

/** Admin when an active admin_users/{email} exists; rules let a user read only their own. */
async function readIsAdmin(user: User): Promise<boolean> {
  if (!user.emailVerified || !user.email) return false;
  try {
    return await (await familyStore()).isAdmin(user.email);
  } catch {
    return false;
  }
}

function summarise(user: User, isAdmin: boolean | null): AppUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    isAdmin,
  };
}

/**
 * The account was verified after its token was issued (the link opened in another tab, or
 * applied before Auth had restored the session): the security rules read the token's claim, so
 * a token that says so is fetched first, and onIdTokenChanged reports the user again with it.
 * Without this the screens would open as verified and every read would be refused.
 */
async function tokenLagsBehind(user: User, refreshed: Set<string>): Promise<boolean> {
  // Once per user: should a fresh token still lack the claim, there is no loop of refreshes.
  if (!user.emailVerified || refreshed.has(user.uid)) return false;
  try {
    if ((await user.getIdTokenResult()).claims.email_verified === true) return false;
    refreshed.add(user.uid);
    await user.getIdToken(true);
    return true;
  } catch {
    // Offline: go on with the token there is; a later refresh brings the claim.
    return false;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AppUser | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const refreshed = new Set<string>();
    let signedIn = false;
    const waitForUse = PAGES_THAT_WAIT_FOR_USE.has(window.location.pathname) && !mayHoldSession();
    // Without a noted session nothing of a family should be on this device; what an older version
    // may have left is deleted now, before the form's first input opens Firestore, and not again
    // when Auth first reports nobody (that would close the Firestore just opened for the sign-in).
    let clearedAtStart = waitForUse;
    if (waitForUse) void clearLocalData();
    async function update(firebaseUser: User | null) {
      // No session (signed out here or in another tab, the account disabled or its token
      // refused, or none since a session ended while the portal was closed): nothing of a
      // family stays on this device, in any tab. A tab whose session ended elsewhere reloads,
      // which lets go of every connection to the cache, so that its deletion can complete.
      if (!firebaseUser && !clearedAtStart) {
        const endedElsewhere = signedIn && !sessionEnd.signingOutHere;
        sessionEnd.signingOutHere = false;
        void clearLocalData().then(() => endedElsewhere && sessionEnd.leave());
      }
      clearedAtStart = false;
      signedIn = firebaseUser !== null;
      // A shared computer's session lives in this tab's memory only: noted, the next start of the
      // page would open Firestore's persistent cache for a session that cannot come back.
      noteSession(signedIn && !keepsNothing());
      if (firebaseUser && (await tokenLagsBehind(firebaseUser, refreshed))) return; // reported again with the new token
      // A refreshed token of the same user keeps what is known about its admin record.
      setUser((current) => (firebaseUser ? summarise(firebaseUser, current?.uid === firebaseUser.uid ? current.isAdmin : null) : null));
      setLoading(false);
      if (!firebaseUser) return;
      // The family's screens start at once; the admin link and /admin follow the record. As a
      // transition: it renders the whole frame again, in slices rather than one long task.
      const isAdmin = await readIsAdmin(firebaseUser);
      startTransition(() => setUser((current) => (current?.uid === firebaseUser.uid ? { ...current, isAdmin } : current)));
    }
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    // Auth loads after the first paint (see data/firebase), on a signed-out visitor's login page
    // once the form asks for it; until it reports, `loading` holds.
    void (waitForUse ? authRequested : Promise.resolve())
      .then(() => Promise.all([getAuth(), import('firebase/auth')]))
      .then(([auth, { onIdTokenChanged }]) => {
        // update never rejects: summarise takes a failed admin lookup for "not an admin".
        if (!stopped) unsubscribe = onIdTokenChanged(auth, (firebaseUser) => void update(firebaseUser));
      });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, []);

  const refreshUser = useCallback(async () => {
    const auth = await getAuth();
    // Right after a page load the session may still be on its way back from storage.
    await auth.authStateReady();
    const current = auth.currentUser;
    if (!current) return null;
    await current.reload();
    // A fresh token carries email_verified for the security rules; it also fires onIdTokenChanged.
    await current.getIdToken(true);
    const summary = summarise(current, await readIsAdmin(current));
    setUser(summary);
    return summary;
  }, []);

  const value = useMemo(() => ({ user, loading, refreshUser }), [user, loading, refreshUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
