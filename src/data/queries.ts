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
  const { collection, getDocs, limit, orderBy, query, where } = fs;
  const all = async <T>(name: string, ...constraints: Parameters<typeof query>[1][]) => {
    const snapshot = await getDocs(query(collection(db, name), ...constraints));
    return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }) as T);
  };

  return {
    /** The first member whose primaryEmail is the signed-in user's e-mail, or null. */
    member: (email: string) =>
      guarded('Failed to fetch member data', async () => {
        const [member] = await all<Member>('members', where('primaryEmail', '==', email.trim().toLowerCase()), limit(1));
        return member ?? null;
      }),
    children: (memberId: string) => guarded('Failed to fetch children', () => all<Child>('children', where('memberId', '==', memberId))),
    payments: (memberId: string) =>
      guarded('Failed to fetch payments', () => all<Payment>('payments', where('memberId', '==', memberId), orderBy('date', 'desc'))),
    otherPayments: (memberId: string) =>
      guarded('Failed to fetch other payments', () =>
        all<OtherPayment>('otherPayments', where('memberId', '==', memberId), orderBy('date', 'desc')),
      ),
    plans: (childIds: string[]) =>
      guarded('Failed to fetch plans', async () => {
        const batches: string[][] = [];
        for (let start = 0; start < childIds.length; start += PLAN_BATCH_SIZE) batches.push(childIds.slice(start, start + PLAN_BATCH_SIZE));
        const results = await Promise.all(batches.map((ids) => all<Plan>('plans', where('childId', 'in', ids))));
        return results.flat();
      }),
    quarters: () => guarded('Failed to fetch quarters', () => all<Quarter>('quarters')),
    teachers: () => guarded('Failed to fetch teachers', () => all<Teacher>('teachers')),
    lessons: () => guarded('Failed to fetch lessons', () => all<Lesson>('lessons')),
    roomHours: () => guarded('Failed to fetch room hours', () => all<RoomHour>('roomHours')),
  };
}

export type Queries = ReturnType<typeof createQueries>;
