/** The route guard of spec section 2. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../routing/paths';
import { LoadingScreen } from '../components/LoadingScreen';
import { useAuth } from './AuthProvider';

/** Signed in with a verified e-mail, or sent to /login or /verify-email. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!user.emailVerified) return <Navigate to={paths.verifyEmail} replace />;
  return children;
}

/** Admins only; everyone else goes to the dashboard (signed-out users via RequireAuth). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading || user?.isAdmin === null) return <LoadingScreen />;
  if (!user?.isAdmin) return <Navigate to={paths.dashboard} replace />;
  return children;
}

/** The login page is for signed-out users; a signed-in user goes to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  // The form paints before Auth has loaded: most visitors of /login are signed out, and one who
  // turns out to be signed in moves on as soon as Auth says so.
  if (user) return <Navigate to={paths.dashboard} replace />;
  return children;
}
