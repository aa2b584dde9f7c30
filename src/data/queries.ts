/**
 * The database reads of spec section 7. Each read throws a DataLoadError carrying the spec's
 * message for that collection, so the screens can say what failed. Every document is parsed
 * by the contract's schema: one that does not fit is a data error, never rendered half-read.
 */
import { MEMBER_EMAILS, MEMBER_REFERENCES } from '@family-portal/contract/rules';
import type {
  CalendarClosedDay,
  DOCUMENT_SCHEMAS,
  FamilyTimetable,
  familyTimetableSchema,
  SCHOOL_CALENDAR,
  schoolCalendarSchema,
  SYNC_FRESHNESS_PATH,
  SyncedCollection,
  syncFreshnessSchema,
} from '@family-portal/contract';
import type { DocumentData, Firestore, QueryDocumentSnapshot } from 'firebase/firestore';
import type * as z from 'zod/mini';
import { INVALID_DATA_MESSAGE } from './loadErrors';
import { noticeQueries, type NoticesContract } from './notices';
import { DataLoadError, InvalidDocumentError, problemsOf } from './readErrors';
import type { FirestoreFunctions } from './firestoreFunctions';

export { DataLoadError, InvalidDocumentError, problemsOf };

/** The contract's schemas; passed in, like the Firestore module, so that both load after sign-in. */
export type DocumentSchemas = typeof DOCUMENT_SCHEMAS;

/** What the reads take from the contract (the module itself will do). */
export interface ContractSchemas extends NoticesContract {
  DOCUMENT_SCHEMAS: DocumentSchemas;
  familyTimetableSchema: typeof familyTimetableSchema;
  SYNC_FRESHNESS_PATH: typeof SYNC_FRESHNESS_PATH;
  syncFreshnessSchema: typeof syncFreshnessSchema;
  SCHOOL_CALENDAR: typeof SCHOOL_CALENDAR;
  schoolCalendarSchema: typeof schoolCalendarSchema;
}

export function parseDocument<C extends SyncedCollection>(
  schemas: DocumentSchemas,
  collection: C,
  id: string,
  data: DocumentData,
): z.infer<(typeof DOCUMENT_SCHEMAS)[C]> {
  const parsed = schemas[collection].safeParse({ ...data, id });
  if (parsed.success) return parsed.data as z.infer<(typeof DOCUMENT_SCHEMAS)[C]>;
  throw new InvalidDocumentError(collection, id, problemsOf(parsed.error));
}

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

const NO_TIMETABLE: FamilyTimetable = { lessons: [], roomHours: [], teachers: [] };

export function createQueries(fs: FirestoreFunctions, db: Firestore, contract: ContractSchemas) {
  const { collection, doc, getDoc, getDocs, orderBy, query, where } = fs;
  const schemas = contract.DOCUMENT_SCHEMAS;
  const all = async <C extends SyncedCollection>(name: C, ...constraints: Parameters<typeof query>[1][]) => {
    const snapshot = await getDocs(query(collection(db, name), ...constraints));
    return snapshot.docs.map((doc: QueryDocumentSnapshot) => parseDocument(schemas, name, doc.id, doc.data()));
  };

  return {
    ...noticeQueries(fs, db, contract),
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
    /**
     * The family's plans, by the memberId the sync copies onto each plan from its child: asked at
     * once with the children, not after them (no batches of child ids, spec section 9, to wait for).
     */
    plans: (memberId: string) => guarded('Failed to fetch plans', () => all('plans', where('memberId', '==', memberId))),
    /**
     * When the last successful sync began, or null (none yet, or unreadable): it only labels
     * the figures ("as of …"), so it never fails the family's data.
     */
    lastSuccessfulSyncAt: async (): Promise<string | null> => {
      try {
        const entry = await getDoc(doc(db, contract.SYNC_FRESHNESS_PATH.collection, contract.SYNC_FRESHNESS_PATH.doc));
        const parsed = contract.syncFreshnessSchema.safeParse(entry.data());
        return parsed.success ? parsed.data.lastSuccessfulSyncAt : null;
      } catch {
        // Not in this device's cache yet, or not readable: the screens then say nothing of it.
        return null;
      }
    },
    /**
     * The school's closed days of the quarters not yet over (school_calendar: one small document
     * per quarter, a handful at most), each once, in date order; null when they cannot be read (a
     * former member, a device offline that has not kept them): the screens then list no dates,
     * which would be wrong without them, and never fail the family's figures for it.
     */
    closedDays: async (): Promise<CalendarClosedDay[] | null> => {
      try {
        const snapshot = await getDocs(collection(db, contract.SCHOOL_CALENDAR));
        const byId = new Map<string, CalendarClosedDay>();
        for (const entry of snapshot.docs) {
          const parsed = contract.schoolCalendarSchema.safeParse(entry.data());
          if (!parsed.success) throw new InvalidDocumentError(contract.SCHOOL_CALENDAR, entry.id, problemsOf(parsed.error));
          for (const closedDay of parsed.data.closedDays) byId.set(closedDay.id, closedDay);
        }
        return [...byId.values()].sort((a, b) => a.firstDay.localeCompare(b.firstDay) || a.id.localeCompare(b.id));
      } catch (error) {
        if ((error as { code?: string }).code !== 'permission-denied') console.error('The closed days could not be read', error);
        return null;
      }
    },
    /** All quarters: a handful per school year, whatever the school's size. */
    quarters: () => guarded('Failed to fetch quarters', () => all('quarters')),
    /**
     * The lessons, room hours and teachers the family's plans point to, as the sync copied them
     * into member_references/{memberId} (none without plans). On a device that is offline and has
     * not kept it, the screens show the courses without their details.
     */
    timetable: (memberId: string) =>
      guarded('Failed to fetch lessons', async (): Promise<FamilyTimetable> => {
        const entry = await getDoc(doc(db, MEMBER_REFERENCES, memberId)).catch((error: unknown) => {
          if ((error as { code?: string }).code === 'unavailable') return null;
          throw error;
        });
        if (!entry?.exists()) return NO_TIMETABLE;
        const parsed = contract.familyTimetableSchema.safeParse(entry.data());
        if (parsed.success) return parsed.data;
        throw new InvalidDocumentError(MEMBER_REFERENCES, memberId, problemsOf(parsed.error));
      }),
  };
}

export type Queries = ReturnType<typeof createQueries>;
