/** The route guard of spec section 2. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths, returnPathAfterSignIn } from '../routing/paths';
import { LoadingScreen } from '../components/LoadingScreen';
import { useAuth } from './AuthProvider';

/** Signed in with a verified e-mail, or sent to /login or /verify-email. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  // Where the link pointed (an e-mailed /transactions?transaction=…): sign-in, or verifying the
  // e-mail address, leads back there.
  const from = `${location.pathname}${location.search}${location.hash}`;
  if (!user) return <Navigate to={paths.login} replace state={{ from }} />;
  if (!user.emailVerified) return <Navigate to={paths.verifyEmail} replace state={{ from }} />;
  return children;
}

/** Admins only; everyone else goes to the dashboard (signed-out users via RequireAuth). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading || user?.isAdmin === null) return <LoadingScreen />;
  if (!user?.isAdmin) return <Navigate to={paths.dashboard} replace />;
  return children;
}

/** The state the guard leaves for the page it sends a user to. */
export function interruptedLink(state: unknown): unknown {
  return state && typeof state === 'object' && 'from' in state ? state.from : undefined;
}

/**
 * The login page is for signed-out users; a signed-in user goes where the interrupted link
 * pointed, or to the dashboard.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  // The form paints before Auth has loaded: most visitors of /login are signed out, and one who
  // turns out to be signed in moves on as soon as Auth says so.
  if (user) return <Navigate to={returnPathAfterSignIn(interruptedLink(location.state))} replace />;
  return children;
}
