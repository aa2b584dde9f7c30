/**
 * Everything the signed-in screens read from Firestore, free of the page: it runs in a worker
 * (see data/firebase), so that a phone's main thread is left to the screens.
 */
import { ADMIN_USERS } from '@family-portal/contract/rules';
import type { Firestore } from 'firebase/firestore';
import type { CollectionRun } from '@family-portal/contract';
import type { BookingData } from '../domain/booking';
import type { NoticeDelivery } from '../domain/notices';
import { readBooking, type BookingContract, type BookingQuery } from './booking';
import { readCollectionRuns, readRunDebits, type CollectionsContract, type RunDebits } from './collectionRuns';
import { readDirectDebit, type DirectDebit, type DirectDebitContract } from './directDebit';
import { EMPTY, loadCorrespondence, loadFamilyData, type Correspondence, type FamilyData } from './familyData';
import type { NoticesPage } from './notices';
import { readOfficeTimetable, type OfficeTimetable } from './officeTimetable';
import { createQueries, type ContractSchemas } from './queries';
import type { FirestoreFunctions } from './firestoreFunctions';

export interface FamilyStore {
  /**
   * The family's figures from the server, without its correspondence (readCorrespondence). With
   * `cacheFirst`, what this device kept, correspondence included, is handed to `onCached` first
   * (nothing when it kept no member for this e-mail), so that a returning parent sees it at once.
   */
  readFamily(email: string, cacheFirst: boolean, onCached: (kept: FamilyData) => unknown): Promise<FamilyData>;
  /** The family's notices, cancelled lessons and absences from the server, asked once its figures are in. */
  readCorrespondence(memberId: string): Promise<Correspondence>;
  /** The family's notices older than the one given, a page at a time (the notices page). */
  readOlderNotices(memberId: string, after: Pick<NoticeDelivery, 'noticeId' | 'sentAt'>): Promise<NoticesPage>;
  /** One notice of the family by its id, or null. */
  readNotice(memberId: string, noticeId: string): Promise<NoticeDelivery | null>;
  /** Whether an active admin_users/{email} exists; rules let a user read only their own. */
  isAdmin(email: string): Promise<boolean>;
  /** The quarter's course offer and the family's requests for it; null where there is no booking. */
  readBooking(query: BookingQuery): Promise<BookingData | null>;
  /** The school's quarters, lessons and room hours, for the office's console (admins only). */
  readOfficeTimetable(): Promise<OfficeTimetable>;
  /** Whether the school offers direct debit, the family's mandates (the IBAN masked) and its debits. */
  readDirectDebit(memberId: string): Promise<DirectDebit>;
  /** The office's collection runs, newest first (admins only). */
  readCollectionRuns(): Promise<CollectionRun[]>;
  /** One run's debits with the mandates they name (admins only). */
  readRunDebits(runId: string): Promise<RunDebits>;
}

export function createFamilyStore(fs: FirestoreFunctions, db: Firestore, contract: ContractSchemas & BookingContract & DirectDebitContract & CollectionsContract): FamilyStore {
  return {
    async readFamily(email, cacheFirst, onCached) {
      if (cacheFirst) {
        // The server is asked after the cache has answered: both go through one Firestore
        // queue, and the server's answers, written to the cache as they come, would hold the
        // kept figures back. A cache without this family's entry answers at once.
        const cache = { ...fs, getDoc: fs.getDocFromCache, getDocs: fs.getDocsFromCache };
        // With the kept correspondence: it costs the cache little, and arriving after the
        // figures it would move what they had painted.
        const kept = await loadFamilyData(createQueries(cache, db, contract), email, { withCorrespondence: true }).catch(() => EMPTY);
        // Awaited: from the worker, the page must have the kept figures before the fresh ones.
        if (kept.member) await onCached(kept);
      }
      return loadFamilyData(createQueries(fs, db, contract), email);
    },
    readCorrespondence: (memberId) => loadCorrespondence(createQueries(fs, db, contract), memberId),
    readOlderNotices: (memberId, after) => createQueries(fs, db, contract).olderNotices(memberId, after),
    readNotice: (memberId, noticeId) => createQueries(fs, db, contract).notice(memberId, noticeId),
    async isAdmin(email) {
      const record = await fs.getDoc(fs.doc(db, ADMIN_USERS, email.toLowerCase()));
      return record.get('active') === true;
    },
    readBooking: (query) => readBooking(fs, db, contract, query),
    readOfficeTimetable: () => readOfficeTimetable(fs, db, contract.DOCUMENT_SCHEMAS),
    readDirectDebit: (memberId) => readDirectDebit(fs, db, contract, memberId),
    readCollectionRuns: () => readCollectionRuns(fs, db, contract),
    readRunDebits: (runId) => readRunDebits(fs, db, contract, runId),
  };
}
