/**
 * What a parent may type into the fields the portal writes to AppSheet. The functions enforce
 * it (http/memberEndpoints.ts) and the web app checks it before sending (it imports this file),
 * so both refuse the same values. Values are checked after trimming, as they are stored.
 *
 * Why:
 * - Control characters (C0, DEL, C1, and the Unicode line and paragraph separators): a line
 *   break in the primary name would add lines to the parent's own EPC payment payload, and
 *   every one of these fields is a single line in AppSheet and in the portal.
 * - A leading =, +, - or @: a spreadsheet behind AppSheet runs such a cell as a formula
 *   (formula injection: HYPERLINK, IMPORTXML and the like can leak or alter data).
 * - Phone numbers start with + in international form, so they get a pattern instead: digits,
 *   spaces and + ( ) / - . with a + only at the start. Such a value cannot name a function, a
 *   cell or another document, so it cannot form a harmful formula.
 */

/** Longest value per field, in UTF-16 code units; the AppSheet columns must allow at least this (docs/appsheet.md). */
export const MAX_LENGTH = {
  primaryName: 100,
  secondaryName: 100,
  phone: 40,
  phone2: 40,
  address: 200,
  cancellationReason: 500,
} as const;

export type CheckedField = keyof typeof MAX_LENGTH;
export type InputProblem = 'tooLong' | 'controlCharacters' | 'formulaStart' | 'phoneFormat';

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const FORMULA_START = /^[=+\-@]/;
const PHONE = /^\+?[0-9(][0-9 ()/.-]*$/;
const PHONE_FIELDS: ReadonlySet<CheckedField> = new Set(['phone', 'phone2']);

/** The first problem with a trimmed value, or null when it may be sent. An empty value clears the field. */
export function inputProblem(field: CheckedField, value: string): InputProblem | null {
  if (value.length > MAX_LENGTH[field]) return 'tooLong';
  if (CONTROL_CHARACTERS.test(value)) return 'controlCharacters';
  if (value === '') return null;
  if (PHONE_FIELDS.has(field)) return PHONE.test(value) && /\d/.test(value) ? null : 'phoneFormat';
  return FORMULA_START.test(value) ? 'formulaStart' : null;
}
