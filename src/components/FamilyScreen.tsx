import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FreshnessNote } from './FreshnessNote';
import { LoadingScreen } from './LoadingScreen';

/**
 * One of the family's screens (the route's outlet) under its "as of …" line: in the parent's frame
 * and in an admin's view of the family alike.
 */
export function FamilyScreen() {
  return (
    <>
      <div className="mb-3 empty:hidden">
        <FreshnessNote />
      </div>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
