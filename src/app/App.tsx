/**
 * The app: its providers, and the route table of spec section 2. What loads when is in
 * startup.ts, the start itself in main.tsx.
 */
import { StrictMode, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from '../auth/guards';
import { LoadingScreen } from '../components/LoadingScreen';
import { paths } from '../routing/paths';
import { ErrorBoundary } from './ErrorBoundary';
import { ScrollToTop } from './ScrollToTop';
import {
  AbsencesPage,
  AccountsPage,
  AdminPage,
  AppShell,
  AuthActionPage,
  BookDepositsPage,
  BookingPage,
  CollectionsPage,
  DashboardBooking,
  DashboardNotices,
  PlansBookingLink,
  DashboardPage,
  FamilyAbsencesPage,
  FamilyNoticesPage,
  FamilyPage,
  FamilyViewPage,
  ForgotPasswordPage,
  ImprintPage,
  loadForSignIn,
  LoginPage,
  loadTheRest,
  preloadOnIntent,
  NoticesPage,
  PlansPage,
  PrivacyPage,
  RequestsPage,
  ResetPasswordPage,
  TransactionsPage,
  UnsubscribePage,
  VerifyEmailPage,
} from './startup';
import { UpdatePrompt } from './UpdatePrompt';
import { usePreloadOnIntent } from './usePreloadOnIntent';
import { useWhenIdle } from './useWhenIdle';

/** The admin's page has no family to wait for: the rest loads once the browser is idle. */
function LoadTheRestWhenIdle() {
  useWhenIdle(true, loadTheRest);
  return null;
}

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path={paths.login} element={<RedirectIfSignedIn><LoginPage loadForSignIn={loadForSignIn} /></RedirectIfSignedIn>} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.authAction} element={<AuthActionPage />} />
        <Route path={paths.imprint} element={<ImprintPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
        <Route element={<RequireAuth><AppShell loadTheRest={loadTheRest} /></RequireAuth>}>
          <Route path={paths.dashboard} element={<DashboardPage booking={<DashboardBooking />} notices={<DashboardNotices />} directDebit />} />
          <Route path={paths.family} element={<FamilyPage />} />
          <Route path={paths.plans} element={<PlansPage booking={<PlansBookingLink />} />} />
          <Route path={paths.booking} element={<BookingPage />} />
          <Route path={paths.absences} element={<FamilyAbsencesPage />} />
          {/* One route for the list and one notice: opening a notice keeps the older pages read. */}
          <Route path={paths.notice} element={<FamilyNoticesPage />} />
          <Route path={paths.transactions} element={<TransactionsPage />} />
          <Route path={paths.bookDeposits} element={<BookDepositsPage />} />
        </Route>
        <Route path={paths.admin} element={<RequireAuth><LoadTheRestWhenIdle /><RequireAdmin><AdminPage /></RequireAdmin></RequireAuth>} />
        <Route path={paths.adminAccounts} element={<RequireAuth><LoadTheRestWhenIdle /><RequireAdmin><AccountsPage /></RequireAdmin></RequireAuth>} />
        <Route path={paths.adminRequests} element={<RequireAuth><LoadTheRestWhenIdle /><RequireAdmin><RequestsPage /></RequireAdmin></RequireAuth>} />
        <Route path={paths.adminNotices} element={<RequireAuth><LoadTheRestWhenIdle /><RequireAdmin><NoticesPage /></RequireAdmin></RequireAuth>} />
        <Route path={paths.adminAbsences} element={<RequireAuth><LoadTheRestWhenIdle /><RequireAdmin><AbsencesPage /></RequireAdmin></RequireAuth>} />
        <Route path={paths.adminCollections} element={<RequireAuth><LoadTheRestWhenIdle /><RequireAdmin><CollectionsPage /></RequireAdmin></RequireAuth>} />
        {/* A family's screens as its parent sees them, read-only, for an admin (FamilyViewPage). */}
        <Route path={paths.familyView} element={<RequireAuth><LoadTheRestWhenIdle /><RequireAdmin><FamilyViewPage /></RequireAdmin></RequireAuth>}>
          <Route index element={<DashboardPage />} />
          <Route path={paths.family.slice(1)} element={<FamilyPage />} />
          <Route path={paths.plans.slice(1)} element={<PlansPage />} />
          <Route path={paths.transactions.slice(1)} element={<TransactionsPage />} />
          <Route path={paths.bookDeposits.slice(1)} element={<BookDepositsPage />} />
        </Route>
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

/** The page behind a link, loaded as the parent is about to open it (startup.ts, moment 4). */
function PreloadOnIntent() {
  usePreloadOnIntent(preloadOnIntent);
  return null;
}

/** Everything inside the router: the browser's in the app, a static one when pre-rendered (prerender.tsx). */
export function AppContent() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <PreloadOnIntent />
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
