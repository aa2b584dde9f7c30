/**
 * Where the family's screens are shown: the parent's own session (links at the app's root), or an
 * admin's read-only view of one family under /admin/families/<memberId>. The screens
 * ask this for their links and for whether to offer anything that changes data.
 */
import { createContext, useContext, type ReactNode } from 'react';

interface Scope {
  /** Prefix of the family's screens: '' for the parent, the view's path for an admin. */
  base: string;
  readOnly: boolean;
}

const ScopeContext = createContext<Scope>({ base: '', readOnly: false });

export function FamilyScope({ base, children }: { base: string; children: ReactNode }) {
  return <ScopeContext.Provider value={{ base, readOnly: true }}>{children}</ScopeContext.Provider>;
}

export function useFamilyScope() {
  const { base, readOnly } = useContext(ScopeContext);
  /** A path of the parent's screens (with its query), inside this scope. */
  const to = (path: string) => (base && path === '/' ? base : `${base}${path}`);
  return { to, readOnly };
}
