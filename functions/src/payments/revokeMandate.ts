/**
 * A family stops its direct debit: its active mandate becomes `revoked` as of now, in AppSheet
 * first (the office's truth), then in Firestore's copies. A mandate of another family is not
 * found; one already revoked answers as it is, so that a retry after a lost answer succeeds.
 */
import { mandateView, type MandateView } from '@family-portal/contract';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { formatAppSheetDateTime } from '../sync/appsheet/appsheetClient';
import type { MandateDeps } from './giveMandate';
import { appSheetFailed, findMandates, mandateRow, mandates, mapMandateRows, storeMandates } from './mandateRecord';

export async function revokeMandate(deps: MandateDeps, member: DocumentSnapshot, reference: string): Promise<MandateView> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const current = (await findMandates(appSheet, member.id, reference)).get(reference);
  if (!current || current.mandate.memberId !== member.id) throw new HttpError('not-found', 'This mandate is not one of your family.');
  if (current.mandate.status === 'revoked') {
    await storeMandates(db, [current], now);
    return mandateView(current.mandate);
  }
  if (current.mandate.status === 'replaced') throw new HttpError('mandate-replaced', 'This mandate was replaced by a newer one: stop that one instead.');
  const row = mandateRow(reference, { status: 'revoked', revokedAt: formatAppSheetDateTime(now) });
  let revoked;
  try {
    revoked = mapMandateRows(await appSheet.edit(mandates.appSheetTable, [row])).get(reference);
  } catch (error) {
    // A lost answer: AppSheet's row says whether the edit landed.
    const after = await findMandates(appSheet, member.id, reference).then((found) => found.get(reference), () => undefined);
    if (after?.mandate.status !== 'revoked') throw appSheetFailed(error);
    revoked = after;
  }
  const stored = revoked ?? { mandate: { ...current.mandate, status: 'revoked' as const, revokedAt: now.toISOString() }, changedAt: null };
  await storeMandates(db, [stored], now);
  return mandateView(stored.mandate);
}
