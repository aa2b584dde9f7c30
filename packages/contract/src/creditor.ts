/**
 * The association as the creditor of its direct debits (EPC016-06 AT-02, AT-03, AT-05): the
 * settings the mandate text, the confirmation e-mail and the bank's file name. The creditor
 * identifier (Gläubiger-Identifikationsnummer, from the Bundesbank) carries check digits of its
 * own (ISO 7064 MOD 97-10 over the national part and the country, the business code left out),
 * checked by the `sepa` package. Apart from mandates.ts: the web app's pages never check it.
 */
import SEPA from 'sepa';

/** The identifier as typed, in its stored form: no spaces, upper case. */
export const creditorIdOf = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/** What is wrong with a creditor identifier, in a sentence for the doctor and the build; null when it is valid. */
export function creditorIdProblem(typed: string): string | null {
  const creditorId = creditorIdOf(typed);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(creditorId)) {
    return `"${typed}" is not a creditor identifier: two letters, two check digits, a three-character business code and the national part (DE98ZZZ09999999999).`;
  }
  return SEPA.validateCreditorID(creditorId) ? null : `"${typed}" has wrong check digits: check the creditor identifier your bank or the Bundesbank gave the association.`;
}
