/**
 * Whether the school offers direct debit, the family's mandates as it reads them (the IBAN
 * masked: the full one never reaches a browser), newest first, and its debits: the collections
 * announced to it and what became of them. Read after the family's own data, all at once, never
 * part of the dashboard's first round trips. A former member, whom the rules refuse, gets no
 * direct debit.
 */
import type { Debit, debitsTable, DIRECT_DEBIT, DIRECT_DEBIT_SCHOOL, directDebitSchema, MANDATE_VIEWS, mandateViewSchema, MandateView } from '@family-portal/contract';
import type { Firestore } from 'firebase/firestore';
import type { FirestoreFunctions } from './firestoreFunctions';
import { DataLoadError, InvalidDocumentError, problemsOf } from './readErrors';

/** What the direct debit reads take from the contract (the module itself will do). */
export interface DirectDebitContract {
  DIRECT_DEBIT: typeof DIRECT_DEBIT;
  DIRECT_DEBIT_SCHOOL: typeof DIRECT_DEBIT_SCHOOL;
  MANDATE_VIEWS: typeof MANDATE_VIEWS;
  directDebitSchema: typeof directDebitSchema;
  mandateViewSchema: typeof mandateViewSchema;
  debitsTable: typeof debitsTable;
}

export interface DirectDebit {
  /** The school's app has the Mandates table. */
  offered: boolean;
  /** The family's mandates, newest first; at most one active. */
  mandates: MandateView[];
  /** The family's debits, of every run and status (a school without the Direct Debits table has none). */
  debits: Debit[];
}

export const DIRECT_DEBIT_LOAD_ERROR = 'Failed to fetch the direct debit mandate';

const denied = (error: unknown) => (error as { code?: string } | null)?.code === 'permission-denied';

export async function readDirectDebit(fs: FirestoreFunctions, db: Firestore, contract: DirectDebitContract, memberId: string): Promise<DirectDebit> {
  const { collection, doc, getDoc, getDocs, query, where } = fs;
  try {
    const debitsOf = contract.debitsTable;
    const [school, views, stored] = await Promise.all([
      getDoc(doc(db, contract.DIRECT_DEBIT, contract.DIRECT_DEBIT_SCHOOL)),
      getDocs(query(collection(db, contract.MANDATE_VIEWS), where('memberId', '==', memberId))),
      getDocs(query(collection(db, debitsOf.collection), where('memberId', '==', memberId))),
    ]);
    const offered = contract.directDebitSchema.safeParse(school.data()).data?.offered === true;
    const mandates = views.docs.map((view) => {
      const parsed = contract.mandateViewSchema.safeParse(view.data());
      if (!parsed.success) throw new InvalidDocumentError(contract.MANDATE_VIEWS, view.id, problemsOf(parsed.error));
      return parsed.data;
    });
    const debits = stored.docs.map((debit) => {
      const parsed = debitsOf.schema.safeParse({ ...debit.data(), id: debit.id });
      if (!parsed.success) throw new InvalidDocumentError(debitsOf.collection, debit.id, problemsOf(parsed.error));
      return parsed.data;
    });
    return { offered, mandates: mandates.sort((a, b) => b.signedAt.localeCompare(a.signedAt)), debits };
  } catch (error) {
    if (denied(error)) return { offered: false, mandates: [], debits: [] };
    throw new DataLoadError(DIRECT_DEBIT_LOAD_ERROR, error);
  }
}
