/**
 * What the bank's file says of one debit beyond its amount: the sequence type, the amendment
 * after a change of mandate, and the structured address of a debtor outside the EEA. Pure, so
 * that each rule has its unit test (debitTerms.test.ts).
 */
import { atAnotherBank } from '@family-portal/contract';
import type { CollectionDebit, DebtorAddress } from './pain008';

/** What the terms read of a mandate (a stored `mandates` document). */
export interface MandateFacts {
  id: string;
  iban: string;
  signedAt: string;
  status: string;
  firstUsed: string | null;
}

/**
 * FRST for a mandate never collected under, RCUR after it was (EPC016-06 AT-21). A family that
 * gave a new mandate since it was last collected from: the bank knows the last one it collected
 * under, so the file names that one (OrgnlMndtId) and the account it was on, or SMNDA for another
 * bank (AT-24); the debit is then RCUR, as the bank already holds the family's history.
 */
export function sequenceAndAmendment(mandate: MandateFacts, family: readonly MandateFacts[]): Pick<CollectionDebit, 'sequence' | 'amendment'> {
  if (mandate.firstUsed) return { sequence: 'RCUR' };
  const lastCollected = family
    .filter((other) => other.id !== mandate.id && other.firstUsed && other.signedAt < mandate.signedAt)
    .sort((a, b) => b.signedAt.localeCompare(a.signedAt))[0];
  if (!lastCollected) return { sequence: 'FRST' };
  const account = atAnotherBank(lastCollected.iban, mandate.iban) ? { otherBank: true } : lastCollected.iban !== mandate.iban ? { originalIban: lastCollected.iban } : {};
  return { sequence: 'RCUR', amendment: { originalMandateReference: lastCollected.id, ...account } };
}

/**
 * A debtor outside the EEA must be named with its address (EPC016-06 AT-09, since the 2023
 * rulebook), structured in the DK's subset: "Bahnhofstrasse 1, 8001 Zürich" → street, post code,
 * town. Null when the member's address cannot be read so.
 */
export function debtorAddress(iban: string, address: string | null): DebtorAddress | null {
  const parts = (address ?? '').split(/[,\n]/).map((part) => part.trim()).filter(Boolean);
  const place = /^(?:[A-Z]{1,2}-)?(\d{4,5}|[A-Z0-9]{2,4} ?[A-Z0-9]{3})\s+(.+)$/.exec(parts.at(-1) ?? '');
  if (!place) return null;
  return { country: iban.slice(0, 2), postCode: place[1] as string, town: place[2] as string, ...(parts.length > 1 ? { street: parts[0] as string } : {}) };
}

/** The family's last name for the bank's text: "Familie Petrova". */
export const familyWord = (name: string) => name.trim().split(/\s+/).pop() ?? '';
