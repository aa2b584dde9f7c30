/**
 * What a sync run does for direct debit once the Direct Debits table has settled (given to the
 * run as its returns step, sync/run/engine.ts): the office may record a return in AppSheet rather
 * than in the console, and a return as unauthorised (MD01) or a refund claim (MD06) then suspends
 * the mandate just the same. Only the debits the run wrote count (a row the office changed), so a
 * mandate the family confirmed again stays active at the next run.
 */
import { SUSPENDING_REASONS } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { ReturnsStep } from '../sync/run/mandateStep';
import { setMandateStatus } from './collectionChanges';

export const suspendAfterReturns: ReturnsStep = async (db, appSheet, debitIds) => {
  const references = new Set<string>();
  for (const part of chunk(debitIds, 300)) {
    for (const debit of await db.getAll(...part.map((id) => db.collection('debits').doc(id)))) {
      if (debit.get('status') === 'returned' && SUSPENDING_REASONS.includes(String(debit.get('returnReason')))) references.add(String(debit.get('mandateReference')));
    }
  }
  for (const reference of references) await setMandateStatus({ db, appSheet }, reference, 'suspended', 'active');
};
