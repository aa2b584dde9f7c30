/**
 * The database reads of spec section 7. Each read throws a DataLoadError carrying the spec's
 * message for that collection, so the screens can say what failed.
 */
import type { Firestore } from 'firebase/firestore';
import type { Child, Lesson, Member, OtherPayment, Payment, Plan, Quarter, RoomHour, Teacher } from '../domain/types';

export class DataLoadError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'DataLoadError';
  }
}

/** Plans are read by `childId in` batches of at most this many ids (spec section 9; rules limit). */
export const PLAN_BATCH_SIZE = 10;

type FirestoreModule = typeof import('firebase/firestore');

async function guarded<T>(message: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new DataLoadError(message, error);
  }
}

export function createQueries(fs: FirestoreModule, db: Firestore) {
  const { collection, doc, getDoc, getDocs, orderBy, query, where } = fs;
  const all = async <T>(name: string, ...constraints: Parameters<typeof query>[1][]) => {
    const snapshot = await getDocs(query(collection(db, name), ...constraints));
    return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }) as T);
  };

  return {
    /**
     * The signed-in user's member, or null: the sync's index says which member the e-mail
     * belongs to (none when no usable member row, or more than one, has it).
     */
    member: (email: string) =>
      guarded('Failed to fetch member data', async () => {
        const entry = await getDoc(doc(db, 'member_emails', email.trim().toLowerCase()));
        const memberId: unknown = entry.get('memberId');
        if (typeof memberId !== 'string') return null;
        const member = await getDoc(doc(db, 'members', memberId));
        return member.exists() ? ({ id: member.id, ...member.data() } as Member) : null;
      }),
    children: (memberId: string) => guarded('Failed to fetch children', () => all<Child>('children', where('memberId', '==', memberId))),
    payments: (memberId: string) =>
      guarded('Failed to fetch payments', () => all<Payment>('payments', where('memberId', '==', memberId), orderBy('date', 'desc'))),
    otherPayments: (memberId: string) =>
      guarded('Failed to fetch other payments', () =>
        all<OtherPayment>('otherPayments', where('memberId', '==', memberId), orderBy('date', 'desc')),
      ),
    /** The rules grant plans by the family's memberId, so every batch names it too. */
    plans: (memberId: string, childIds: string[]) =>
      guarded('Failed to fetch plans', async () => {
        const batches: string[][] = [];
        for (let start = 0; start < childIds.length; start += PLAN_BATCH_SIZE) batches.push(childIds.slice(start, start + PLAN_BATCH_SIZE));
        const results = await Promise.all(
          batches.map((ids) => all<Plan>('plans', where('memberId', '==', memberId), where('childId', 'in', ids))),
        );
        return results.flat();
      }),
    quarters: () => guarded('Failed to fetch quarters', () => all<Quarter>('quarters')),
    teachers: () => guarded('Failed to fetch teachers', () => all<Teacher>('teachers')),
    lessons: () => guarded('Failed to fetch lessons', () => all<Lesson>('lessons')),
    roomHours: () => guarded('Failed to fetch room hours', () => all<RoomHour>('roomHours')),
  };
}

export type Queries = ReturnType<typeof createQueries>;
