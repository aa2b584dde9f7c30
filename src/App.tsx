import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { paths } from './app/paths';
import { AppShell } from './app/AppShell';
import { ErrorBoundary } from './app/ErrorBoundary';
import { ScrollToTop } from './app/ScrollToTop';
import { AuthProvider } from './auth/AuthProvider';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './auth/guards';
import { LoadingScreen } from './components/LoadingScreen';

const LoginPage = lazy(() => import('./features/login/LoginPage'));
const VerifyEmailPage = lazy(() => import('./features/verify-email/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('./features/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/reset-password/ResetPasswordPage'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const AdminPage = lazy(() => import('./features/admin/AdminPage'));
const FamilyPage = lazy(() => import('./features/family/FamilyPage'));
const PlansPage = lazy(() => import('./features/plans/PlansPage'));
const TransactionsPage = lazy(() => import('./features/transactions/TransactionsPage'));
const BookDepositsPage = lazy(() => import('./features/book-deposits/BookDepositsPage'));

/** The route table of spec section 2. Screens replace the placeholders as they are built. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path={paths.login} element={<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route element={<RequireAuth><AppShell /></RequireAuth>}>
          <Route path={paths.dashboard} element={<DashboardPage />} />
          <Route path={paths.family} element={<FamilyPage />} />
          <Route path={paths.plans} element={<PlansPage />} />
          <Route path={paths.transactions} element={<TransactionsPage />} />
          <Route path={paths.bookDeposits} element={<BookDepositsPage />} />
        </Route>
        <Route path={paths.admin} element={<RequireAuth><RequireAdmin><AdminPage /></RequireAdmin></RequireAuth>} />
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </Suspense>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <ScrollToTop />
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </AuthProvider>
    </BrowserRouter>
  );
}
