/**
 * The data layer of spec section 7: the signed-in family's documents and the reference
 * collections, read once after sign-in and kept while the user moves between screens.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Child, Lesson, Member, OtherPayment, Payment, Plan, Quarter, RoomHour, Teacher } from '../domain/types';
import { getDb } from '../lib/firebase';
import { createQueries, DataLoadError, type Queries } from './queries';

export interface FamilyData {
  member: Member | null;
  children: Child[];
  plans: Plan[];
  quarters: Quarter[];
  payments: Payment[];
  otherPayments: OtherPayment[];
  lessons: Lesson[];
  teachers: Teacher[];
  roomHours: RoomHour[];
}

export interface DataState extends FamilyData {
  loading: boolean;
  /** The spec's message of the read that failed, e.g. 'Failed to fetch payments'. */
  error: string | null;
  refresh: () => Promise<void>;
  /** Replaces the cached member after a successful updateMemberData (the only cached write). */
  replaceMember: (member: Member) => void;
}

const EMPTY: FamilyData = {
  member: null,
  children: [],
  plans: [],
  quarters: [],
  payments: [],
  otherPayments: [],
  lessons: [],
  teachers: [],
  roomHours: [],
};

export const DataContext = createContext<DataState | null>(null);

export async function loadFamilyData(queries: Queries, email: string): Promise<FamilyData> {
  // Without a membership nothing else is readable (the rules deny even the reference data).
  const member = await queries.member(email);
  if (!member) return EMPTY;
  const reference = Promise.all([queries.quarters(), queries.teachers(), queries.lessons(), queries.roomHours()]);
  const [children, payments, otherPayments] = await Promise.all([
    queries.children(member.id),
    queries.payments(member.id),
    queries.otherPayments(member.id),
  ]);
  const [plans, [quarters, teachers, lessons, roomHours]] = await Promise.all([
    queries.plans(member.id, children.map((child) => child.id)),
    reference,
  ]);
  return { member, children, plans, quarters, payments, otherPayments, lessons, teachers, roomHours };
}

export function DataProvider({ email, children }: { email: string; children: ReactNode }) {
  const [data, setData] = useState<FamilyData>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (failureMessage?: string) => {
      setLoading(true);
      setError(null);
      try {
        const [fs, db, { DOCUMENT_SCHEMAS }] = await Promise.all([import('firebase/firestore'), getDb(), import('@family-portal/contract')]);
        setData(await loadFamilyData(createQueries(fs, db, DOCUMENT_SCHEMAS), email));
      } catch (caught) {
        console.error('Loading the family data failed', caught);
        setError(failureMessage ?? (caught instanceof DataLoadError ? caught.message : 'Failed to fetch member data'));
      } finally {
        setLoading(false);
      }
    },
    [email],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const refresh = useCallback(() => load('Failed to refresh data'), [load]);
  const replaceMember = useCallback((member: Member) => setData((current) => ({ ...current, member })), []);
  const value = useMemo(() => ({ ...data, loading, error, refresh, replaceMember }), [data, loading, error, refresh, replaceMember]);
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}

export function useData(): DataState {
  const state = useContext(DataContext);
  if (!state) throw new Error('useData must be used inside <DataProvider>');
  return state;
}
