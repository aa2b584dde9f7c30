/**
 * SEPA direct debit: the family's mandate (a recurring CORE mandate, EPC016-06 section 4.1).
 * The office's records stay in AppSheet, in an optional Mandates table; the sync copies it to
 * `mandates` (full IBAN, closed to every client) and a masked copy per mandate to
 * `mandate_views`, which a family reads. docs/payments.md says what a parent and the office see.
 */
import * as z from 'zod/mini';
import { date, dateTime, defineTable, email, id, oneOf, ref, required, text } from './columns';
import { accountProblem, holderProblem, maskIban } from './sepaRules';

export * from './sepaRules';

/** The office's words for a mandate's status, and what the portal stores. */
export const MANDATE_STATUS_WORDS = {
  Aktiv: 'active',
  Widerrufen: 'revoked',
  Ersetzt: 'replaced',
  /**
   * The bank returned a debit as unauthorised (MD01) or the family claimed a refund (MD06): no more
   * is collected under it until the family confirms it again (collections.ts).
   */
  Ausgesetzt: 'suspended',
} as const;
export type MandateStatus = (typeof MANDATE_STATUS_WORDS)[keyof typeof MANDATE_STATUS_WORDS];
export const mandateStatusWord = (status: MandateStatus): string =>
  Object.entries(MANDATE_STATUS_WORDS).find(([, stored]) => stored === status)?.[0] as string;

/** The attempt id a form sends with a new mandate: retrying the same form gives the same reference. */
export const mandateAttempt = z.string().check(z.regex(/^[A-Za-z0-9]{12,40}$/, 'expected the form\'s attempt id: 12 to 40 letters and digits'));

/** The office's Mandates table: one row per mandate, never deleted, never reused. */
export const mandatesTable = defineTable({
  collection: 'mandates',
  appSheetTable: 'Mandates',
  keyColumn: 'Mandate Reference',
  optional: { feature: 'direct debit', doc: 'payments.md', gives: 'to let families pay by SEPA direct debit' },
  columns: {
    memberId: required(ref('Member ID')),
    /** As the parent typed it; the bank's file carries its Latin form (sepaName.ts). */
    accountHolder: required(text('Account Holder')),
    /** Electronic form, no spaces. */
    iban: required(text('IBAN')),
    /** Only where SEPA needs it: an IBAN outside the EEA. */
    bic: text('BIC'),
    signedAt: required(dateTime('Signed At')),
    /** The parent's e-mail that gave it online; blank for a paper mandate typed by the office. */
    signedBy: email('Signed By'),
    status: required(oneOf('Status', MANDATE_STATUS_WORDS)),
    /** When it stopped: revoked by the family or the office, or replaced by a new one. */
    revokedAt: dateTime('Revoked At'),
    /** The first and last collection under it (the collection run fills them in). */
    firstUsed: date('First Used'),
    lastUsed: date('Last Used'),
  },
  check: (mandate) => {
    const problem = accountProblem(mandate.iban, mandate.bic);
    if (problem) return `the account is not one SEPA can debit (${problem})`;
    if (holderProblem(mandate.accountHolder)) return `the account holder cannot be used (${holderProblem(mandate.accountHolder)})`;
    return (mandate.status === 'revoked' || mandate.status === 'replaced') && mandate.revokedAt === null ? 'a revoked or replaced mandate needs Revoked At' : null;
  },
});
export type Mandate = z.infer<typeof mandatesTable.schema>;

/** mandate_views/{mandateReference}: a mandate as its family reads it, the IBAN masked. */
export const MANDATE_VIEWS = 'mandate_views';
export const mandateViewSchema = z.object({
  id,
  memberId: id,
  accountHolder: z.string(),
  ibanMasked: z.string(),
  bic: z.nullable(z.string()),
  signedAt: z.string(),
  signedBy: z.nullable(z.string()),
  status: z.enum(['active', 'revoked', 'replaced', 'suspended']),
  revokedAt: z.nullable(z.string()),
});
export type MandateView = z.infer<typeof mandateViewSchema>;

/** The family's view of a stored mandate: everything but the IBAN, which is masked. */
export const mandateView = (mandate: Mandate): MandateView => ({
  id: mandate.id,
  memberId: mandate.memberId,
  accountHolder: mandate.accountHolder,
  ibanMasked: maskIban(mandate.iban),
  bic: mandate.bic,
  signedAt: mandate.signedAt,
  signedBy: mandate.signedBy,
  status: mandate.status,
  revokedAt: mandate.revokedAt,
});

/**
 * direct_debit/school: whether the school offers direct debit (its app has the Mandates table),
 * written by the sync. The web app shows the direct debit only then.
 */
export const DIRECT_DEBIT = 'direct_debit';
export const DIRECT_DEBIT_SCHOOL = 'school';
export const directDebitSchema = z.object({ offered: z.boolean() });
