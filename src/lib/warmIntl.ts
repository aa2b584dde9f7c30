/**
 * ICU, which every Intl formatter uses, loads its data into the browser's process the first
 * time any thread there makes a formatter: 18 to 84 ms on this machine's cold starts, about
 * four times that on a mid-range phone. The page and its workers share that process. Made first
 * in the Firestore worker, beside the page, the dashboard's first render on the main thread
 * makes its own formatters in about a millisecond instead of holding the screen for the load.
 */
import { formatMoney } from '../domain/money';
import { intlLocales } from '../domain/locales';
import { formatSchoolInstant } from './schoolClock';

export function warmIntl(): void {
  for (const locale of Object.values(intlLocales)) {
    // The dashboard's first formats: the figures' "as of" time on the school's clock, and money.
    formatSchoolInstant(new Date().toISOString(), locale);
    formatMoney(0, locale);
  }
}
