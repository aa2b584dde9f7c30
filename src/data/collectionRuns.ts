/**
 * The office's collection runs as the console reads them (the rules let active admins read
 * `collection_runs`, `debits` and `mandate_views`): the runs, newest first, and one run's debits
 * with the mandate each was announced under (its holder and masked IBAN, and whether it is still
 * active). Read from the server: an admin's device may have kept an older copy. The family's
 * member document is not among them (the rules keep it to the family); what a family owes now
 * comes from previewCollection.
 */
import type { COLLECTION_RUNS, CollectionRun, collectionRunSchema, Debit, debitsTable, MANDATE_VIEWS, MandateView, mandateViewSchema } from '@family-portal/contract';
import type { Firestore } from 'firebase/firestore';
import type * as z from 'zod/mini';
import type { FirestoreFunctions } from './firestoreFunctions';
import { DataLoadError, InvalidDocumentError, problemsOf } from './readErrors';

/** What the reads take from the contract (the module itself will do). */
export interface CollectionsContract {
  COLLECTION_RUNS: typeof COLLECTION_RUNS;
  collectionRunSchema: typeof collectionRunSchema;
  debitsTable: typeof debitsTable;
  MANDATE_VIEWS: typeof MANDATE_VIEWS;
  mandateViewSchema: typeof mandateViewSchema;
}

export interface RunDebits {
  debits: Debit[];
  /** The mandates the debits name, by reference; one the sync has not copied is missing. */
  mandates: Record<string, MandateView>;
}

/** Runs a console lists: a school runs a few a quarter, so years of them. */
export const RUNS_READ = 60;
/** Firestore's most values in one `in` filter. */
const IN_LIMIT = 30;

export const COLLECTION_RUNS_LOAD_ERROR = 'Failed to fetch the collection runs';
export const RUN_DEBITS_LOAD_ERROR = 'Failed to fetch the debits of the collection run';

function parsed<S extends z.ZodMiniType>(schema: S, collection: string, id: string, data: unknown): z.infer<S> {
  const result = schema.safeParse({ ...(data as object), id });
  if (!result.success) throw new InvalidDocumentError(collection, id, problemsOf(result.error));
  return result.data;
}

async function guarded<T>(message: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidDocumentError) console.error('A stored document does not match the contract', error.message);
    throw new DataLoadError(message, error);
  }
}

export function readCollectionRuns(fs: FirestoreFunctions, db: Firestore, contract: CollectionsContract): Promise<CollectionRun[]> {
  const { collection, getDocsFromServer, limit, orderBy, query } = fs;
  return guarded(COLLECTION_RUNS_LOAD_ERROR, async () => {
    const snapshot = await getDocsFromServer(query(collection(db, contract.COLLECTION_RUNS), orderBy('announcedAt', 'desc'), limit(RUNS_READ)));
    return snapshot.docs.map((doc) => parsed(contract.collectionRunSchema, contract.COLLECTION_RUNS, doc.id, doc.data()));
  });
}

export function readRunDebits(fs: FirestoreFunctions, db: Firestore, contract: CollectionsContract, runId: string): Promise<RunDebits> {
  const { collection, documentId, getDocsFromServer, query, where } = fs;
  const debitsCollection = contract.debitsTable.collection;
  return guarded(RUN_DEBITS_LOAD_ERROR, async () => {
    const snapshot = await getDocsFromServer(query(collection(db, debitsCollection), where('runId', '==', runId)));
    const debits = snapshot.docs.map((doc) => parsed(contract.debitsTable.schema, debitsCollection, doc.id, doc.data())).sort((a, b) => a.id.localeCompare(b.id));
    const references = [...new Set(debits.map((debit) => debit.mandateReference))];
    const parts = Array.from({ length: Math.ceil(references.length / IN_LIMIT) }, (_, index) => references.slice(index * IN_LIMIT, (index + 1) * IN_LIMIT));
    const views = await Promise.all(parts.map((part) => getDocsFromServer(query(collection(db, contract.MANDATE_VIEWS), where(documentId(), 'in', part)))));
    const mandates: Record<string, MandateView> = {};
    for (const doc of views.flatMap((view) => view.docs)) mandates[doc.id] = parsed(contract.mandateViewSchema, contract.MANDATE_VIEWS, doc.id, doc.data());
    return { debits, mandates };
  });
}
