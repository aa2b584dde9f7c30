/**
 * The data layer of spec section 7: the signed-in family's documents and the reference
 * collections, read once after sign-in and kept while the user moves between screens.
 */
import { isEqual } from 'es-toolkit/predicate';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Member } from '../domain/types';
import { getDb } from '../lib/firebase';
import { EMPTY, loadFamilyData, type FamilyData } from './familyData';
import { createQueries, DataLoadError } from './queries';

export interface DataState extends FamilyData {
  loading: boolean;
  /** The spec's message of the read that failed, e.g. 'Failed to fetch payments'. */
  error: string | null;
  /** Replaces the cached member after a successful updateMemberData (the only cached write). */
  replaceMember: (member: Member) => void;
}

export const DataContext = createContext<DataState | null>(null);

export function DataProvider({ email, children }: { email: string; children: ReactNode }) {
  const [data, setData] = useState<FamilyData>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Counts the parent's saved edits: a read that began before an edit must not undo it (with
  // kept figures on screen, a parent can save before the server's answer to the first read).
  const edits = useRef(0);
  // The first figures render at once: the parent is waiting for them. Fresh figures that
  // replace kept ones render as a transition, in slices that leave the page responsive, and an
  // answer equal to what is shown (the server confirming the kept figures) renders nothing.
  const unlessEdited = useCallback((editsAtStart: number, read: FamilyData, replacing: boolean) => {
    const update = () => {
      setData((current) => {
        const next = edits.current === editsAtStart ? read : { ...read, member: current.member };
        return isEqual(next, current) ? current : next;
      });
      setLoading(false);
    };
    if (replacing) startTransition(update);
    else update();
  }, []);

  const load = useCallback(
    async ({ cacheFirst = false }: { cacheFirst?: boolean } = {}) => {
      setLoading(true);
      setError(null);
      // What is on screen from this load.
      let shownFromCache = false;
      const editsAtStart = edits.current;
      try {
        const [fs, db, contract] = await Promise.all([import('firebase/firestore'), getDb(), import('@family-portal/contract')]);
        if (cacheFirst) {
          // A returning parent sees the figures this device kept at once; the server's answer
          // replaces them when it comes. It is asked after the cache has answered: both go
          // through one Firestore queue, and the server's answers, written to the cache as they
          // come, would hold the kept figures back. A cache without this family's entry answers
          // at once and shows nothing.
          const cache = { ...fs, getDoc: fs.getDocFromCache, getDocs: fs.getDocsFromCache };
          const cached = await loadFamilyData(createQueries(cache, db, contract), email).catch(() => EMPTY);
          if (cached.member) {
            shownFromCache = true;
            unlessEdited(editsAtStart, cached, false);
          }
        }
        const fresh = await loadFamilyData(createQueries(fs, db, contract), email);
        unlessEdited(editsAtStart, fresh, shownFromCache);
      } catch (caught) {
        console.error('Loading the family data failed', caught);
        // Figures from the cache stay on screen rather than give way to an error.
        if (!shownFromCache) setError(caught instanceof DataLoadError ? caught.message : 'Failed to fetch member data');
        setLoading(false);
      }
    },
    [email, unlessEdited],
  );

  useEffect(() => {
    void load({ cacheFirst: true });
  }, [load]);

  const replaceMember = useCallback((member: Member) => {
    edits.current += 1;
    setData((current) => ({ ...current, member }));
  }, []);
  const value = useMemo(
    () => ({ ...data, loading, error, replaceMember }),
    [data, loading, error, replaceMember],
  );
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}

export function useData(): DataState {
  const state = useContext(DataContext);
  if (!state) throw new Error('useData must be used inside <DataProvider>');
  return state;
}
