/**
 * The family's direct debit for a screen (the family page's card, the dashboard's financial
 * card): read from the server each time a screen opens, after the family's own data, so that a
 * mandate stopped on another device never shows as active after the next read. A build without
 * a creditor identifier offers no direct debit and reads nothing.
 */
import type { MandateView } from '@family-portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { activeMandate, withMandate } from '../domain/directDebit';
import { appConfig } from '../lib/config';
import type { DirectDebit } from './directDebit';
import { familyStore } from './firebase';

export type DirectDebitState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; offered: boolean; mandates: MandateView[]; active: MandateView | null };

const ready = ({ offered, mandates }: DirectDebit): DirectDebitState => ({ status: 'ready', offered, mandates, active: activeMandate(mandates) });
const NOT_OFFERED = ready({ offered: false, mandates: [] });

/** `memberId` null (an admin's view of a family, no member yet): nothing is read. */
export function useDirectDebit(memberId: string | null) {
  const wanted = memberId !== null && appConfig.creditor.id !== '';
  const [state, setState] = useState<DirectDebitState>(wanted ? { status: 'loading' } : NOT_OFFERED);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    if (!wanted || memberId === null) {
      setState(NOT_OFFERED);
      return;
    }
    let current = true;
    setState((before) => (before.status === 'ready' ? before : { status: 'loading' }));
    familyStore()
      .then((store) => store.readDirectDebit(memberId))
      .then(
        (read) => current && setState(ready(read)),
        (error: unknown) => {
          console.error('Loading the direct debit failed', error);
          if (current) setState({ status: 'error' });
        },
      );
    return () => {
      current = false;
    };
  }, [wanted, memberId, reads]);

  /** The function's answer, shown at once; the read that follows brings Firestore's copies. */
  const apply = useCallback((changed: MandateView) => {
    setState((before) => (before.status === 'ready' ? ready({ offered: before.offered, mandates: withMandate(before.mandates, changed) }) : before));
    setReads((count) => count + 1);
  }, []);
  const retry = useCallback(() => setReads((count) => count + 1), []);
  return { state, apply, retry };
}
