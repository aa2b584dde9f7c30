import { Outlet } from 'react-router-dom';
import { VerificationBanner } from './VerificationBanner';

/** The frame of the signed-in pages; the full shell (navigation) replaces it later. */
export function ProtectedLayout() {
  return (
    <>
      <VerificationBanner />
      <Outlet />
    </>
  );
}
