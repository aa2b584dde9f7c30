/** Balance arithmetic and money display (spec section 9: EUR, 2 decimals, tolerance 0.01). */
export const TOLERANCE = 0.01;

/** Within the 0.01 tolerance of zero. */
export const isZero = (amount: number) => Math.abs(amount) <= TOLERANCE;

const formats = new Map<string, Intl.NumberFormat>();

/** "1.234,50 €" in de-DE, "€1,234.50" in en-GB, "1 234,50 €" in ru-RU. */
export function formatMoney(amount: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format.format(Object.is(amount, -0) ? 0 : amount);
}
