import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { paths } from './app/paths';
import { ScrollToTop } from './app/ScrollToTop';
import { PlaceholderPage } from './components/PlaceholderPage';

/** The route table of spec section 2. Screens replace the placeholders as they are built. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<PlaceholderPage titleKey="pages.login.title" />} />
      <Route path={paths.verifyEmail} element={<PlaceholderPage titleKey="pages.verifyEmail.title" />} />
      <Route path={paths.forgotPassword} element={<PlaceholderPage titleKey="pages.forgotPassword.title" />} />
      <Route path={paths.resetPassword} element={<PlaceholderPage titleKey="pages.resetPassword.title" />} />
      <Route path={paths.dashboard} element={<PlaceholderPage titleKey="pages.dashboard.title" />} />
      <Route path={paths.family} element={<PlaceholderPage titleKey="pages.family.title" />} />
      <Route path={paths.plans} element={<PlaceholderPage titleKey="pages.plans.title" />} />
      <Route path={paths.transactions} element={<PlaceholderPage titleKey="pages.transactions.title" />} />
      <Route path={paths.bookDeposits} element={<PlaceholderPage titleKey="pages.bookDeposits.title" />} />
      <Route path={paths.admin} element={<PlaceholderPage titleKey="pages.admin.title" />} />
      <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
    </Routes>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <AppRoutes />
    </BrowserRouter>
  );
}
