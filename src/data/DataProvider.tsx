/**
 * The data layer of spec section 7: the signed-in family's documents and the reference
 * collections, read once after sign-in and kept while the user moves between screens.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Member } from '../domain/types';
import { getDb } from '../lib/firebase';
import { EMPTY, loadFamilyData, type FamilyData } from './familyData';
import { createQueries, DataLoadError } from './queries';

export interface DataState extends FamilyData {
  loading: boolean;
  /** The teachers and room hours (only the plans page shows them) are still on their way. */
  planDetailsLoading: boolean;
  /** The spec's message of the read that failed, e.g. 'Failed to fetch payments'. */
  error: string | null;
  /** Replaces the cached member after a successful updateMemberData (the only cached write). */
  replaceMember: (member: Member) => void;
}

export const DataContext = createContext<DataState | null>(null);

export function DataProvider({ email, children }: { email: string; children: ReactNode }) {
  const [data, setData] = useState<FamilyData>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [planDetailsLoading, setPlanDetailsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Counts the parent's saved edits: a read that began before an edit must not undo it (with
  // kept figures on screen, a parent can save before the server's answer to the first read).
  const edits = useRef(0);
  const unlessEdited = useCallback((editsAtStart: number, read: FamilyData) => {
    setData((current) => (edits.current === editsAtStart ? read : { ...read, member: current.member }));
  }, []);

  const load = useCallback(
    async ({ cacheFirst = false }: { cacheFirst?: boolean } = {}) => {
      setLoading(true);
      setError(null);
      // What is on screen from this load (an object: the server read's callback sets it too).
      const shown: { by: 'nothing' | 'cache' | 'server' } = { by: 'nothing' };
      const editsAtStart = edits.current;
      try {
        const [fs, db, contract] = await Promise.all([import('firebase/firestore'), getDb(), import('@family-portal/contract')]);
        const { DOCUMENT_SCHEMAS } = contract;
        const freshness = { path: contract.SYNC_FRESHNESS_PATH, schema: contract.syncFreshnessSchema };
        if (cacheFirst) {
          // A returning parent sees the figures this device kept at once; the server's answer
          // replaces them when it comes. It is asked after the cache has answered: both go
          // through one Firestore queue, and the server's answers, written to the cache as they
          // come, would hold the kept figures back. A cache without this family's entry answers
          // at once and shows nothing.
          const cache = { ...fs, getDoc: fs.getDocFromCache, getDocs: fs.getDocsFromCache };
          const cached = await loadFamilyData(createQueries(cache, db, DOCUMENT_SCHEMAS, freshness), email).catch(() => EMPTY);
          if (cached.member) {
            shown.by = 'cache';
            unlessEdited(editsAtStart, cached);
            // The kept figures include the teachers and room hours this device read last time.
            setPlanDetailsLoading(false);
            setLoading(false);
          }
        }
        const fresh = await loadFamilyData(createQueries(fs, db, DOCUMENT_SCHEMAS, freshness), email, (family) => {
          // Kept figures stay until everything is in; otherwise the family shows at once.
          if (shown.by === 'cache') return;
          shown.by = 'server';
          unlessEdited(editsAtStart, family);
          setPlanDetailsLoading(true);
          setLoading(false);
        });
        shown.by = 'server';
        unlessEdited(editsAtStart, fresh);
      } catch (caught) {
        console.error('Loading the family data failed', caught);
        // Figures from the cache stay on screen rather than give way to an error.
        if (shown.by !== 'cache') setError(caught instanceof DataLoadError ? caught.message : 'Failed to fetch member data');
      } finally {
        setLoading(false);
        setPlanDetailsLoading(false);
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
    () => ({ ...data, loading, planDetailsLoading, error, replaceMember }),
    [data, loading, planDetailsLoading, error, replaceMember],
  );
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}

export function useData(): DataState {
  const state = useContext(DataContext);
  if (!state) throw new Error('useData must be used inside <DataProvider>');
  return state;
}
