/**
 * What follows the Mandates table in a run: each mandate's family view (IBAN masked) follows
 * the office's row, and direct_debit/school says whether the school offers direct debit at all
 * (its app has the table). The full IBAN stays in `mandates`, which no client reads. After a full
 * sync every view is rebuilt and those without a mandate deleted; after a delta, the views of
 * the mandates written. A failure is the Mandates table's error; nothing else is undone.
 */
import { chunk } from 'es-toolkit/array';
import { DIRECT_DEBIT, DIRECT_DEBIT_SCHOOL, DOCUMENT_SCHEMAS, MANDATE_VIEWS, mandateView } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { AppSheetClient } from '../appsheet/appsheetClient';
import type { SyncType } from './syncLog';
import type { TableSyncResult } from './tableSync';

/** Firestore's limit of writes in one batch. */
const BATCH_WRITES = 500;

export async function settleMandates(db: Firestore, syncType: SyncType, results: TableSyncResult[]): Promise<void> {
  const mandates = results.find((result) => result.table === 'mandates');
  if (!mandates) return;
  try {
    await offerDirectDebit(db, !mandates.absent);
    if (mandates.absent) return;
    if (syncType === 'full' && !mandates.problem) await rebuildViews(db);
    else await updateViews(db, mandates.writtenIds);
  } catch (error) {
    mandates.problem ??= `updating the families' view of their mandates failed: ${(error as Error).message}`;
  }
}

/** Written only when it changes: an hourly run of a school that keeps its table writes nothing. */
async function offerDirectDebit(db: Firestore, offered: boolean) {
  const school = db.collection(DIRECT_DEBIT).doc(DIRECT_DEBIT_SCHOOL);
  if ((await school.get()).get('offered') !== offered) await school.set({ offered });
}

/** The family's view of a stored mandate; null for a document that does not parse (a rejected row's mark). */
function viewOf(doc: DocumentSnapshot) {
  const parsed = DOCUMENT_SCHEMAS.mandates.safeParse({ ...doc.data(), id: doc.id });
  return parsed.success ? mandateView(parsed.data) : null;
}

async function writeViews(db: Firestore, docs: DocumentSnapshot[], stale: string[] = []) {
  const writes = [
    ...docs.map((doc) => ({ id: doc.id, view: doc.exists ? viewOf(doc) : null })),
    ...stale.map((id) => ({ id, view: null })),
  ];
  for (const part of chunk(writes, BATCH_WRITES)) {
    const batch = db.batch();
    for (const { id, view } of part) {
      const ref = db.collection(MANDATE_VIEWS).doc(id);
      if (view) batch.set(ref, view);
      else batch.delete(ref);
    }
    await batch.commit();
  }
}

async function rebuildViews(db: Firestore) {
  const [mandates, views] = await Promise.all([db.collection('mandates').get(), db.collection(MANDATE_VIEWS).select().get()]);
  const kept = new Set(mandates.docs.map((doc) => doc.id));
  await writeViews(db, mandates.docs, views.docs.map((doc) => doc.id).filter((id) => !kept.has(id)));
}

async function updateViews(db: Firestore, ids: string[]) {
  for (const part of chunk(ids, BATCH_WRITES)) {
    await writeViews(db, await db.getAll(...part.map((id) => db.collection('mandates').doc(id))));
  }
}

/**
 * After the Direct Debits table: the payments feature's step gets the debits the run wrote (rows
 * the office changed in AppSheet), so that a return recorded there suspends its mandate as one
 * recorded in the console does. A failure is the table's problem; nothing else is undone.
 */
export type ReturnsStep = (db: Firestore, appSheet: AppSheetClient, debitIds: string[]) => Promise<void>;

export async function settleDebits(db: Firestore, appSheet: AppSheetClient, results: TableSyncResult[], returns: ReturnsStep | undefined): Promise<void> {
  const debits = results.find((result) => result.table === 'debits');
  if (!debits || !returns || debits.writtenIds.length === 0) return;
  try {
    await returns(db, appSheet, debits.writtenIds);
  } catch (error) {
    debits.problem ??= `suspending the mandates of returned debits failed: ${(error as Error).message}`;
  }
}
