/**
 * The Latin form of a name for the bank's file. SEPA files carry only the Latin character set
 * (EPC217-08: a-z A-Z 0-9 / - ? : ( ) . , ' + and the space), so "Ольга Петрова" reaches the
 * bank as "Olga Petrova". The portal stores the name as the parent typed it and shows this form
 * beside it. Apart from mandates.ts: its tables are large, and only the mandate form needs them.
 */
import { transliterate } from 'transliteration';

/** German umlauts as German banks write them, not as their bare vowels. */
const GERMAN = { Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The name as the bank will see it: transliterated, then anything outside the Latin set dropped. */
export function bankName(typed: string): string {
  const latin = transliterate(typed.trim(), { replace: GERMAN, unknown: '' });
  return latin
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
