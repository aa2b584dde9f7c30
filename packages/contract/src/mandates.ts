/**
 * SEPA direct debit: the family's mandate (a recurring CORE mandate, EPC016-06 section 4.1).
 * The office's records stay in AppSheet, in an optional Mandates table; the sync copies it to
 * `mandates` (full IBAN, closed to every client) and a masked copy per mandate to
 * `mandate_views`, which a family reads. docs/payments.md says what a parent and the office see.
 */
import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import * as z from 'zod/mini';
import { date, dateTime, defineTable, email, id, oneOf, ref, required, text } from './columns';

/** The office's words for a mandate's status, and what the portal stores. */
export const MANDATE_STATUS_WORDS = {
  Aktiv: 'active',
  Widerrufen: 'revoked',
  Ersetzt: 'replaced',
} as const;
export type MandateStatus = (typeof MANDATE_STATUS_WORDS)[keyof typeof MANDATE_STATUS_WORDS];
export const mandateStatusWord = (status: MandateStatus): string =>
  Object.entries(MANDATE_STATUS_WORDS).find(([, stored]) => stored === status)?.[0] as string;

/** EPC016-06 AT-14: the debtor's name, at most 70 characters. */
export const MAX_ACCOUNT_HOLDER = 70;
/** EPC016-06 AT-01: the mandate reference, at most 35 characters. */
export const MAX_MANDATE_REFERENCE = 35;

/**
 * The countries of the European Economic Area. A SEPA payment to or from an IBAN outside it
 * (AD, CH, GB, MC, SM, VA, AL, ME, MD, MK, RS) must carry the BIC (EPC016-06, AT-13); within it
 * the IBAN alone is enough. Which countries are SEPA at all is ibantools' list.
 */
const EEA = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  'IS', 'LI', 'NO',
  // Parts of EEA states with IBANs of their own.
  'GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'AX',
]);

export type AccountProblem = 'ibanInvalid' | 'ibanNotSepa' | 'bicRequired' | 'bicInvalid';

/** An IBAN as typed (spaces allowed) in its electronic form, upper case; '' when it is none. */
export const ibanOf = (typed: string) => electronicFormatIBAN(typed.trim()) ?? '';

/** Whether a direct debit from this IBAN's country needs the BIC too. */
export const needsBic = (iban: string) => !EEA.has(ibanOf(iban).slice(0, 2));

/**
 * What is wrong with the account a family gives, or null: the IBAN's check digits and length
 * (ibantools), a country within SEPA, and the BIC where SEPA needs it.
 */
export function accountProblem(typedIban: string, typedBic: string | null | undefined): AccountProblem | null {
  const iban = ibanOf(typedIban);
  if (!isValidIBAN(iban)) return 'ibanInvalid';
  if (!isSEPACountry(extractIBAN(iban).countryCode ?? '')) return 'ibanNotSepa';
  const bic = (typedBic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic === '') return needsBic(iban) ? 'bicRequired' : null;
  return isValidBIC(bic) ? null : 'bicInvalid';
}

/**
 * The IBAN as a family sees it once it was entered: the country and the last four characters,
 * every other one a dot, in groups of four ("DE•• •••• •••• •••• ••30 00").
 */
export function maskIban(typed: string): string {
  const iban = ibanOf(typed) || typed.replace(/\s+/g, '').toUpperCase();
  const shown = [...iban].map((char, index) => (index < 2 || index >= iban.length - 4 ? char : '•')).join('');
  return shown.replace(/(.{4})(?=.)/g, '$1 ');
}

export type HolderProblem = 'required' | 'tooLong' | 'controlCharacters' | 'markup' | 'formulaStart';

// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * What is wrong with an account holder's name as typed, or null. Markup is refused, not escaped:
 * the name goes into e-mails, a PDF and the bank's file, and no name holds < or >.
 */
export function holderProblem(typed: string): HolderProblem | null {
  const name = typed.trim();
  if (name === '') return 'required';
  if (name.length > MAX_ACCOUNT_HOLDER) return 'tooLong';
  if (CONTROL_CHARACTERS.test(name)) return 'controlCharacters';
  if (/[<>]/.test(name)) return 'markup';
  return /^[=+\-@]/.test(name) ? 'formulaStart' : null;
}

/**
 * A reference the portal gives or accepts: the Latin set of the SEPA rulebook, never starting or
 * ending with '/' nor holding '//'. The rulebook allows a space; German banks advise against it,
 * so the portal's references have none.
 */
export function isMandateReference(reference: string): boolean {
  return (
    reference.length > 0 &&
    reference.length <= MAX_MANDATE_REFERENCE &&
    /^[A-Za-z0-9/?:().,'+-]+$/.test(reference) &&
    !reference.startsWith('/') &&
    !reference.endsWith('/') &&
    !reference.includes('//')
  );
}

/** The attempt id a form sends with a new mandate: retrying the same form gives the same reference. */
export const mandateAttempt = z.string().check(z.regex(/^[A-Za-z0-9]{12,40}$/, 'expected the form\'s attempt id: 12 to 40 letters and digits'));

/**
 * A new mandate's reference: the family and the form's attempt. A retry of the same form finds
 * its reference already written (one mandate, never two); a new form gets a new one, so that a
 * reference is never given twice.
 */
export function mandateReferenceFor(memberId: string, attempt: string): string {
  const family = memberId.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12);
  return `MNDT-${family}-${attempt.toUpperCase().slice(0, 35 - 6 - family.length)}`;
}

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
    return mandate.status !== 'active' && mandate.revokedAt === null ? 'a revoked or replaced mandate needs Revoked At' : null;
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
  status: z.enum(['active', 'revoked', 'replaced']),
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
