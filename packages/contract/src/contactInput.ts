/**
 * What a parent may type into the fields the portal writes to AppSheet. The functions enforce
 * it (through the bodies in api.ts) and the web app checks it before sending, so both refuse
 * the same values. Values are checked after trimming, as they are stored.
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

/** The contact fields a parent may edit (spec section 5), in the order the form shows them. */
export const EDITABLE_CONTACT_FIELDS = ['primaryName', 'secondaryName', 'phone', 'phone2', 'address'] as const;
export type EditableContactField = (typeof EDITABLE_CONTACT_FIELDS)[number];

/** Longest value per field, in UTF-16 code units; the AppSheet columns must allow at least this (docs/appsheet.md). */
export const MAX_LENGTH = {
  primaryName: 100,
  secondaryName: 100,
  phone: 40,
  phone2: 40,
  address: 200,
  cancellationReason: 500,
  /** The office's note to a family with a booking decision. */
  officeNote: 500,
  /** The office's reason for cancelling a lesson on one date. */
  lessonCancelledReason: 500,
  /** A parent's reason for a child's absence. */
  absenceReason: 500,
} as const;

export type CheckedField = keyof typeof MAX_LENGTH;
export type InputProblem = 'tooLong' | 'controlCharacters' | 'formulaStart' | 'phoneFormat';

// oxlint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
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

/** The API's own wording of each problem (the web app shows translated texts instead). */
export const INPUT_PROBLEM_TEXT: Record<InputProblem, (field: CheckedField) => string> = {
  tooLong: (field) => `must be at most ${MAX_LENGTH[field]} characters`,
  controlCharacters: () => 'must not contain line breaks, tabs or other control characters',
  formulaStart: () => 'must not start with =, +, - or @ (a spreadsheet would run it as a formula)',
  phoneFormat: () => 'may contain only digits, spaces and + ( ) / - . with + only at the start, and needs a digit',
};
