/** Balance arithmetic and money display (spec section 9: EUR, 2 decimals, tolerance 0.01). */
import { MONEY_TOLERANCE } from '@family-portal/contract/rules';
import { numberFormat } from './intlFormats';

export const TOLERANCE = MONEY_TOLERANCE;

/** Within the 0.01 tolerance of zero. */
export const isZero = (amount: number) => Math.abs(amount) <= TOLERANCE;

/** "1.234,50 €" in de-DE, "€1,234.50" in en-GB, "1 234,50 €" in ru-RU. */
export function formatMoney(amount: number, locale: string): string {
  const format = numberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return format.format(Object.is(amount, -0) ? 0 : amount);
}

/**
 * The amount as the copy button puts it on the clipboard, for pasting into a banking app's
 * amount field: "1234,50" in de-DE and ru-RU, "1234.50" in en-GB. Deliberately without a
 * currency sign (the field is EUR already, and a sign makes many apps reject the paste) and
 * without thousands separators: "1.234,50" or the narrow space of "1 234,50" are refused or,
 * worse, misread by some apps ("1.234" as 1.234 €). The decimal mark is the UI language's,
 * because a banking app set to German reads "440.00" as 44000 or refuses it. Always 2 decimals.
 */
export function bankingAmount(amount: number, locale: string): string {
  const format = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  return format.format(Object.is(amount, -0) ? 0 : amount);
}
