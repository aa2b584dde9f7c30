/**
 * The family's notices and absence reports (functions/src/notices writes them), asked in the same
 * round trip as the rest of the family's documents: the dashboard's notices (the newest
 * DASHBOARD_NOTICES), the cancelled lessons the plans page marks, and the absences the family
 * reported. Each document is parsed by the contract's schema.
 */
import type { absenceSchema, ABSENCES, DASHBOARD_NOTICES, NOTICE_DELIVERIES, noticeDeliverySchema } from '@family-portal/contract';
import type { Firestore, QueryConstraint } from 'firebase/firestore';
import type * as z from 'zod/mini';
import type { FamilyAbsence } from '../domain/absences';
import type { NoticeDelivery } from '../domain/notices';
import { DataLoadError, InvalidDocumentError, problemsOf } from './readErrors';
import { INVALID_DATA_MESSAGE } from './loadErrors';
import type { FirestoreFunctions } from './firestoreFunctions';

/** What the notice reads take from the contract (the module itself will do). */
export interface NoticesContract {
  NOTICE_DELIVERIES: typeof NOTICE_DELIVERIES;
  ABSENCES: typeof ABSENCES;
  DASHBOARD_NOTICES: typeof DASHBOARD_NOTICES;
  noticeDeliverySchema: typeof noticeDeliverySchema;
  absenceSchema: typeof absenceSchema;
}

/**
 * The plans page marks a cancelled lesson on its course; the newest of them are enough (a school
 * cancels a handful a quarter, and a withdrawn cancellation is deleted).
 */
export const CANCELLATIONS_READ = 50;

/** The notices page reads the family's older notices this many at a time. */
export const NOTICES_PAGE = 20;

/** A page of the family's notices, newest first, and whether older ones follow. */
export interface NoticesPage {
  notices: NoticeDelivery[];
  more: boolean;
}

/** The messages of failed reads, as the screens show them. */
export const NOTICES_LOAD_ERROR = 'Failed to fetch notices';
/**
 * The rules refused the family's notices and absences: its membership has ended. Not shown as an
 * error: the screens show none, and the page forgets what it kept of them (DataProvider).
 */
export const CORRESPONDENCE_REFUSED = 'The notices and absences of a membership that ended are closed';

const denied = (error: unknown) => (error as { code?: string } | null)?.code === 'permission-denied';

export function noticeQueries(fs: FirestoreFunctions, db: Firestore, contract: NoticesContract) {
  const { collection, getDocs, limit, orderBy, query, where } = fs;
  /**
   * The documents of a query, each parsed by `schema`, with their ids. Refused by the rules (a
   * membership that ended): none, or with `refusal: 'report'` a DataLoadError saying so.
   */
  const read = async <S extends z.ZodMiniType>(
    name: string,
    schema: S,
    constraints: QueryConstraint[],
    refusal: 'none' | 'report' = 'report',
  ): Promise<Array<{ id: string; data: z.infer<S> }>> => {
    try {
      const snapshot = await getDocs(query(collection(db, name), ...constraints));
      return snapshot.docs.map((entry) => {
        const parsed = schema.safeParse(entry.data());
        if (!parsed.success) throw new InvalidDocumentError(name, entry.id, problemsOf(parsed.error));
        return { id: entry.id, data: parsed.data };
      });
    } catch (error) {
      if (denied(error)) {
        if (refusal === 'none') return [];
        throw new DataLoadError(CORRESPONDENCE_REFUSED, error);
      }
      if (error instanceof InvalidDocumentError) {
        console.error('A stored document does not match the contract', error.message);
        throw new DataLoadError(INVALID_DATA_MESSAGE, error);
      }
      throw new DataLoadError(NOTICES_LOAD_ERROR, error);
    }
  };
  const deliveries = async (constraints: QueryConstraint[], refusal?: 'none') => (await read(contract.NOTICE_DELIVERIES, contract.noticeDeliverySchema, constraints, refusal)).map(({ data }) => data);
  return {
    /** The newest notices of the family (cancellations included), newest first. */
    notices: (memberId: string): Promise<NoticeDelivery[]> =>
      deliveries([where('memberId', '==', memberId), orderBy('sentAt', 'desc'), limit(contract.DASHBOARD_NOTICES)]),
    /**
     * The family's notices older than `after` (the last one shown), newest first: by the time sent,
     * then by the copy's id, so that two sent in the same millisecond are neither skipped nor shown twice.
     */
    olderNotices: async (memberId: string, after: Pick<NoticeDelivery, 'noticeId' | 'sentAt'>): Promise<NoticesPage> => {
      const { documentId, startAfter } = fs;
      const found = await deliveries([
        where('memberId', '==', memberId),
        orderBy('sentAt', 'desc'),
        orderBy(documentId(), 'desc'),
        startAfter(after.sentAt, `${after.noticeId}_${memberId}`),
        limit(NOTICES_PAGE + 1),
      ], 'none');
      return { notices: found.slice(0, NOTICES_PAGE), more: found.length > NOTICES_PAGE };
    },
    /** One notice of the family by its id (a link to it), or null when the family has none such. */
    notice: async (memberId: string, noticeId: string): Promise<NoticeDelivery | null> => {
      const { doc, getDoc } = fs;
      try {
        const snapshot = await getDoc(doc(db, contract.NOTICE_DELIVERIES, `${noticeId}_${memberId}`));
        if (!snapshot.exists()) return null;
        const parsed = contract.noticeDeliverySchema.safeParse(snapshot.data());
        if (!parsed.success) throw new DataLoadError(INVALID_DATA_MESSAGE, new InvalidDocumentError(contract.NOTICE_DELIVERIES, snapshot.id, problemsOf(parsed.error)));
        return parsed.data;
      } catch (error) {
        // Another family's notice, or a membership that ended: as good as none.
        if (denied(error)) return null;
        if (error instanceof DataLoadError) throw error;
        throw new DataLoadError(NOTICES_LOAD_ERROR, error);
      }
    },
    /** The family's cancelled lessons, newest first, for the plans page (older than the dashboard's 20 too). */
    cancellations: (memberId: string): Promise<NoticeDelivery[]> =>
      deliveries([where('memberId', '==', memberId), where('kind', '==', 'cancellation'), orderBy('sentAt', 'desc'), limit(CANCELLATIONS_READ)]),
    /** The absences the family reported, by first day. */
    absences: async (memberId: string): Promise<FamilyAbsence[]> =>
      (await read(contract.ABSENCES, contract.absenceSchema, [where('memberId', '==', memberId), orderBy('from', 'asc')])).map(({ id, data }) => ({ ...data, id })),
  };
}
