import { StrictMode, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { paths } from './routing/paths';
import { ErrorBoundary } from './app/ErrorBoundary';
import { lazyWithReload } from './app/lazyWithReload';
import { ScrollToTop } from './app/ScrollToTop';
import { UpdatePrompt } from './app/UpdatePrompt';
import { useWhenIdle } from './app/useWhenIdle';
import { AuthProvider } from './auth/AuthProvider';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './auth/guards';
import { LoadingScreen } from './components/LoadingScreen';
import { getDb } from './lib/firebase';
import { registerServiceWorker } from './lib/serviceWorker';

const LoginPage = lazyWithReload(() => import('./features/login/LoginPage'));
const VerifyEmailPage = lazyWithReload(() => import('./features/verify-email/VerifyEmailPage'));
const ForgotPasswordPage = lazyWithReload(() => import('./features/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazyWithReload(() => import('./features/reset-password/ResetPasswordPage'));
const AuthActionPage = lazyWithReload(() => import('./features/auth-action/AuthActionPage'));
// The signed-in frame (navigation, the family's data) is not part of the login page's JavaScript.
const AppShell = lazyWithReload(() => import('./app/AppShell').then(({ AppShell }) => ({ default: AppShell })));
const DashboardPage = lazyWithReload(() => import('./features/dashboard/DashboardPage'));
const AdminPage = lazyWithReload(() => import('./features/admin/AdminPage'));
const FamilyPage = lazyWithReload(() => import('./features/family/FamilyPage'));
const PlansPage = lazyWithReload(() => import('./features/plans/PlansPage'));
const TransactionsPage = lazyWithReload(() => import('./features/transactions/TransactionsPage'));
const BookDepositsPage = lazyWithReload(() => import('./features/book-deposits/BookDepositsPage'));

type Preloadable = { preload: () => Promise<unknown> };

const PUBLIC_PAGES: Record<string, Preloadable> = {
  [paths.login]: LoginPage,
  [paths.verifyEmail]: VerifyEmailPage,
  [paths.forgotPassword]: ForgotPasswordPage,
  [paths.resetPassword]: ResetPasswordPage,
  [paths.authAction]: AuthActionPage,
};
const SIGNED_IN_PAGES: Record<string, Preloadable> = {
  [paths.dashboard]: DashboardPage,
  [paths.family]: FamilyPage,
  [paths.plans]: PlansPage,
  [paths.transactions]: TransactionsPage,
  [paths.bookDeposits]: BookDepositsPage,
  [paths.admin]: AdminPage,
};

const ignore = () => undefined;

/** The frame and one signed-in page. */
function preloadSignedInPages(first: Preloadable = DashboardPage) {
  void Promise.all([AppShell.preload(), first.preload()]).catch(ignore);
}

/**
 * What a signed-in session prepares once its screen shows what the parent waited for (the
 * family's figures; the admin's page at once), when the browser is idle: the other signed-in
 * pages, so that moving to one does not wait for its chunk (nor for React's hold-back after a
 * fallback), and, in production builds, the service worker with the offline app shell. Earlier,
 * both competed with signing in and the family's first reads (see lib/serviceWorker).
 */
function prepareTheRest() {
  Object.values(SIGNED_IN_PAGES).forEach((page) => void page.preload().catch(ignore));
  if (import.meta.env.PROD) void registerServiceWorker();
}

/** For the admin's page, which has no family to wait for. */
function PrepareTheRest() {
  useWhenIdle(true, prepareTheRest);
  return null;
}

/**
 * While the parent types and the credentials are checked: the frame, the dashboard, Firestore
 * (with its local cache opened) and the contract's schemas, all at once. Each loads only once.
 */
function preloadSignedIn() {
  preloadSignedInPages();
  void getDb().catch(ignore);
  void import('@family-portal/contract').catch(ignore);
}

/**
 * Before the first render: the chunk of the page at `pathname`, so that it renders without
 * suspending (see lazyWithReload). Settles when a public page's chunk is in; a signed-in
 * page's chunks load meanwhile, as Auth decides before they are shown.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const publicPage = PUBLIC_PAGES[pathname];
  if (publicPage) return publicPage.preload().catch(ignore);
  preloadSignedInPages(SIGNED_IN_PAGES[pathname]);
  return Promise.resolve();
}

/** The route table of spec section 2. Screens replace the placeholders as they are built. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path={paths.login} element={<RedirectIfSignedIn><LoginPage prepareSignIn={preloadSignedIn} /></RedirectIfSignedIn>} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.authAction} element={<AuthActionPage />} />
        <Route element={<RequireAuth><AppShell onFamilyShown={prepareTheRest} /></RequireAuth>}>
          <Route path={paths.dashboard} element={<DashboardPage />} />
          <Route path={paths.family} element={<FamilyPage />} />
          <Route path={paths.plans} element={<PlansPage />} />
          <Route path={paths.transactions} element={<TransactionsPage />} />
          <Route path={paths.bookDeposits} element={<BookDepositsPage />} />
        </Route>
        <Route path={paths.admin} element={<RequireAuth><PrepareTheRest /><RequireAdmin><AdminPage /></RequireAdmin></RequireAuth>} />
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </Suspense>
  );
}

/**
 * What the app renders around its router, in the browser (main.tsx) and when pre-rendered
 * (prerender.tsx) alike: hydration needs the same Suspense boundaries on both sides.
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Suspense fallback={null}>{children}</Suspense>
    </StrictMode>
  );
}

/** Everything inside the router: the browser's in the app, a static one when pre-rendered (prerender.tsx). */
export function AppContent() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <UpdatePrompt />
    </AuthProvider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
