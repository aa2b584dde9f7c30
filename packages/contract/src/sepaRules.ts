/**
 * The SEPA rules a mandate follows, without zod, so that the parent's screens check a form
 * before sending it without loading the schemas (mandates.ts re-exports them for the functions).
 */
import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * How many calendar days before a collection the family is told its amount and date: the
 * rulebook's default, which the mandate text states (a shorter period needs the family's
 * agreement in the mandate).
 */
export const DEFAULT_PRE_NOTIFICATION_DAYS = 14;

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

// oxlint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
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

/**
 * A new mandate's reference: the family and the form's attempt. A retry of the same form finds
 * its reference already written (one mandate, never two); a new form gets a new one, so that a
 * reference is never given twice.
 */
export function mandateReferenceFor(memberId: string, attempt: string): string {
  const family = memberId.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12);
  return `MNDT-${family}-${attempt.toUpperCase().slice(0, 35 - 6 - family.length)}`;
}

/**
 * Whether a new account is at another bank than the old one (its bank identifier differs): a
 * collection under the new mandate then tells the bank "SMNDA" rather than the old IBAN.
 */
export function atAnotherBank(before: string, after: string): boolean {
  const [a, b] = [extractIBAN(ibanOf(before)), extractIBAN(ibanOf(after))];
  return a.countryCode !== b.countryCode || (a.bankIdentifier ?? '') !== (b.bankIdentifier ?? '');
}
