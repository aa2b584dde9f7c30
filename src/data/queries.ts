/**
 * The database reads of spec section 7. Each read throws a DataLoadError carrying the spec's
 * message for that collection, so the screens can say what failed. Every document is parsed
 * by the contract's schema: one that does not fit is a data error, never rendered half-read.
 */
import { chunk } from 'es-toolkit/array';
import { MEMBER_EMAILS } from '@family-portal/contract/rules';
import type { DOCUMENT_SCHEMAS, SYNC_FRESHNESS_PATH, SyncedCollection, syncFreshnessSchema } from '@family-portal/contract';
import type { DocumentData, Firestore, QueryDocumentSnapshot } from 'firebase/firestore';
import type * as z from 'zod/mini';
import { INVALID_DATA_MESSAGE } from './loadErrors';

export class DataLoadError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'DataLoadError';
  }
}


/** A stored document the contract's schema refuses: which one and where, never its values. */
export class InvalidDocumentError extends Error {
  constructor(
    readonly collection: SyncedCollection,
    readonly documentId: string,
    readonly problems: string[],
  ) {
    super(`${collection}/${documentId}: ${problems.join('; ')}`);
    this.name = 'InvalidDocumentError';
  }
}

/** The contract's schemas; passed in, like the Firestore module, so that both load after sign-in. */
export type DocumentSchemas = typeof DOCUMENT_SCHEMAS;

export function parseDocument<C extends SyncedCollection>(
  schemas: DocumentSchemas,
  collection: C,
  id: string,
  data: DocumentData,
): z.infer<(typeof DOCUMENT_SCHEMAS)[C]> {
  const parsed = schemas[collection].safeParse({ ...data, id });
  if (parsed.success) return parsed.data as z.infer<(typeof DOCUMENT_SCHEMAS)[C]>;
  throw new InvalidDocumentError(
    collection,
    id,
    parsed.error.issues.map((issue) => `${issue.path.join('.') || 'document'}: ${issue.code}`),
  );
}

/** Plans are read by `childId in` batches of at most this many ids (spec section 9; rules limit). */
export const PLAN_BATCH_SIZE = 10;

type FirestoreModule = typeof import('firebase/firestore');

async function guarded<T>(message: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidDocumentError) {
      // For the office or a developer: the document and the fields that do not fit.
      console.error('A stored document does not match the contract', error.message);
      throw new DataLoadError(INVALID_DATA_MESSAGE, error);
    }
    throw new DataLoadError(message, error);
  }
}

/** Where the time of the last successful sync is, and its schema (from the contract, loaded after sign-in). */
export interface FreshnessSource {
  path: typeof SYNC_FRESHNESS_PATH;
  schema: typeof syncFreshnessSchema;
}

export function createQueries(fs: FirestoreModule, db: Firestore, schemas: DocumentSchemas, freshness?: FreshnessSource) {
  const { collection, doc, getDoc, getDocs, orderBy, query, where } = fs;
  const all = async <C extends SyncedCollection>(name: C, ...constraints: Parameters<typeof query>[1][]) => {
    const snapshot = await getDocs(query(collection(db, name), ...constraints));
    return snapshot.docs.map((doc: QueryDocumentSnapshot) => parseDocument(schemas, name, doc.id, doc.data()));
  };
  // Lessons, teachers and room hours one document at a time: the rules let a member get only
  // those its family's plans point to, and list none (no paging through the school's timetable).
  // The gets share one connection, so they cost about one round trip together. One that neither
  // this device nor the server can give now ('unavailable': offline, not kept) is left out, as a
  // query would leave it out; the screens show a course without its details.
  const byIds = async <C extends 'lessons' | 'teachers' | 'roomHours'>(name: C, ids: Iterable<string>) => {
    const read = (id: string) =>
      getDoc(doc(db, name, id)).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'unavailable') return null;
        throw error;
      });
    const snapshots = await Promise.all([...new Set(ids)].sort().map(read));
    return snapshots.flatMap((snapshot) => (snapshot?.exists() ? [parseDocument(schemas, name, snapshot.id, snapshot.data())] : []));
  };

  return {
    /**
     * The id of the signed-in user's member, or null: the sync's index says which member the
     * e-mail belongs to (none when no usable member row, or more than one, has it).
     */
    memberIdOf: (email: string) =>
      guarded('Failed to fetch member data', async () => {
        const entry = await getDoc(doc(db, MEMBER_EMAILS, email.trim().toLowerCase()));
        const memberId: unknown = entry.get('memberId');
        return typeof memberId === 'string' ? memberId : null;
      }),
    memberById: (memberId: string) =>
      guarded('Failed to fetch member data', async () => {
        const member = await getDoc(doc(db, 'members', memberId));
        return member.exists() ? parseDocument(schemas, 'members', member.id, member.data()) : null;
      }),
    children: (memberId: string) => guarded('Failed to fetch children', () => all('children', where('memberId', '==', memberId))),
    payments: (memberId: string) =>
      guarded('Failed to fetch payments', () => all('payments', where('memberId', '==', memberId), orderBy('date', 'desc'))),
    otherPayments: (memberId: string) =>
      guarded('Failed to fetch other payments', () =>
        all('otherPayments', where('memberId', '==', memberId), orderBy('date', 'desc')),
      ),
    /** The rules grant plans by the family's memberId, so every batch names it too. */
    plans: (memberId: string, childIds: string[]) =>
      guarded('Failed to fetch plans', async () => {
        const results = await Promise.all(
          chunk(childIds, PLAN_BATCH_SIZE).map((ids) => all('plans', where('memberId', '==', memberId), where('childId', 'in', ids))),
        );
        return results.flat();
      }),
    /**
     * When the last successful sync began, or null (none yet, or unreadable): it only labels
     * the figures ("as of …"), so it never fails the family's data.
     */
    lastSuccessfulSyncAt: async (): Promise<string | null> => {
      if (!freshness) return null;
      try {
        const entry = await getDoc(doc(db, freshness.path.collection, freshness.path.doc));
        const parsed = freshness.schema.safeParse(entry.data());
        return parsed.success ? parsed.data.lastSuccessfulSyncAt : null;
      } catch {
        // Not in this device's cache yet, or not readable: the screens then say nothing of it.
        return null;
      }
    },
    /** All quarters: a handful per school year, whatever the school's size. */
    quarters: () => guarded('Failed to fetch quarters', () => all('quarters')),
    teachers: (ids: Iterable<string>) => guarded('Failed to fetch teachers', () => byIds('teachers', ids)),
    lessons: (ids: Iterable<string>) => guarded('Failed to fetch lessons', () => byIds('lessons', ids)),
    roomHours: (ids: Iterable<string>) => guarded('Failed to fetch room hours', () => byIds('roomHours', ids)),
  };
}

export type Queries = ReturnType<typeof createQueries>;
