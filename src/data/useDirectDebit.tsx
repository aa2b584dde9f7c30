/**
 * The session's copy of the family's direct debit, its mandates and debits (the family page's
 * card, the dashboard's financial card): read from the server the first time a screen asks, kept
 * while the parent moves between screens, and read again after the parent gives, changes, stops
 * or confirms a mandate (the function's answer shows at once). A mandate stopped on another
 * device, or a collection announced meanwhile, shows from the next read: the next sign-in or
 * reload. A build without a creditor identifier offers no direct debit and reads nothing;
 * outside the parent's own frame (an admin's view of a family) there is no provider, and no
 * direct debit.
 */
import type { Debit, MandateView } from '@family-portal/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { activeMandate, withMandate } from '../domain/directDebit';
import { appConfig } from '../lib/config';
import type { DirectDebit } from './directDebit';
import { familyStore } from './firebase';

export type DirectDebitState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; offered: boolean; mandates: MandateView[]; active: MandateView | null; debits: Debit[] };

const ready = ({ offered, mandates, debits }: DirectDebit): DirectDebitState => ({ status: 'ready', offered, mandates, active: activeMandate(mandates), debits });
const NOT_OFFERED = ready({ offered: false, mandates: [], debits: [] });
const LOADING: DirectDebitState = { status: 'loading' };

interface Held {
  memberId: string | null;
  state: DirectDebitState;
}

interface DirectDebitStore {
  held: Held;
  /** Reads unless this family's direct debit is held or being read. */
  ensure: (memberId: string) => void;
  /** Reads again. */
  refresh: (memberId: string) => void;
  /** The function's answer, at once; the read that follows brings Firestore's copies. */
  apply: (memberId: string, changed: MandateView) => void;
}

const DirectDebitContext = createContext<DirectDebitStore | null>(null);

export function DirectDebitProvider({ children }: { children: ReactNode }) {
  const [held, setHeld] = useState<Held>({ memberId: null, state: LOADING });
  const current = useRef(held);
  const hold = useCallback((next: Held) => {
    current.current = next;
    setHeld(next);
  }, []);
  /** The latest read: an earlier one that answers later is not shown. */
  const reads = useRef(0);

  const refresh = useCallback(
    (memberId: string) => {
      const read = ++reads.current;
      if (current.current.memberId !== memberId || current.current.state.status === 'error') hold({ memberId, state: LOADING });
      familyStore()
        .then((store) => store.readDirectDebit(memberId))
        .then(
          (found) => read === reads.current && hold({ memberId, state: ready(found) }),
          (error: unknown) => {
            console.error('Loading the direct debit failed', error);
            if (read === reads.current) hold({ memberId, state: { status: 'error' } });
          },
        );
    },
    [hold],
  );

  const ensure = useCallback(
    (memberId: string) => {
      if (current.current.memberId === memberId) return;
      refresh(memberId);
    },
    [refresh],
  );

  const apply = useCallback(
    (memberId: string, changed: MandateView) => {
      const { state } = current.current;
      if (state.status === 'ready') hold({ memberId, state: ready({ offered: state.offered, mandates: withMandate(state.mandates, changed), debits: state.debits }) });
      refresh(memberId);
    },
    [hold, refresh],
  );

  const value = useMemo(() => ({ held, ensure, refresh, apply }), [held, ensure, refresh, apply]);
  return <DirectDebitContext.Provider value={value}>{children}</DirectDebitContext.Provider>;
}

/** The family's direct debit, read once a screen asks for it; `memberId` null: none. */
export function useDirectDebit(memberId: string | null) {
  const store = useContext(DirectDebitContext);
  const wanted = store !== null && memberId !== null && appConfig.creditor.id !== '';
  useEffect(() => {
    if (wanted) store.ensure(memberId);
  }, [wanted, store, memberId]);
  const state = !wanted ? NOT_OFFERED : store.held.memberId === memberId ? store.held.state : LOADING;
  const apply = useCallback((changed: MandateView) => wanted && store.apply(memberId, changed), [wanted, store, memberId]);
  const retry = useCallback(() => wanted && store.refresh(memberId), [wanted, store, memberId]);
  return { state, apply, retry };
}
