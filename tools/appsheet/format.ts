/**
 * Formats raw demo values the way AppSheet's API formats them for a request Locale and
 * Timezone, and parses values sent with Edit/Add back. de-DE and en-US are implemented; other
 * locales get en-US, as AppSheet defaults to en-US. DateTimes are wall-clock times in the
 * request's zone; the store keeps UTC instants.
 */
import { parseBoolean, parseDate, parseDateTime, parseDecimal, parseList } from '../../functions/src/sync/mapping/values';
import { wallClockOf } from '../../functions/src/sync/time/wallClock';
import { ianaTimeZone } from '../../functions/src/sync/time/windowsZones';
import { APPSHEET_TABLES, type ColumnKind, type TableDeclaration } from '@family-portal/contract';
import type { RawCell } from './store';

type Locale = 'de-DE' | 'en-US';

export function supportedLocale(locale: unknown): Locale {
  return locale === 'de-DE' ? 'de-DE' : 'en-US';
}

/**
 * The request's `Timezone`, a Windows zone name as in AppSheet's documentation, as an IANA
 * zone; UTC when the request names none. Null for a name the demo does not know.
 */
export function requestTimeZone(timezone: unknown): string | null {
  if (timezone === undefined || timezone === null || timezone === '') return 'UTC';
  return typeof timezone === 'string' ? ianaTimeZone(timezone) : null;
}

/** AppSheet table → column → type, from the contract; key and change columns included. */
export const COLUMN_TYPES: Record<string, Record<string, ColumnKind>> = Object.fromEntries(
  Object.values(APPSHEET_TABLES).map((table: TableDeclaration) => [
    table.appSheetTable,
    {
      [table.keyColumn]: 'text',
      [table.changedColumn]: 'dateTime',
      ...Object.fromEntries(Object.values(table.columns).map((col) => [col.column, col.kind])),
    },
  ]),
);

const pad = (n: number) => String(n).padStart(2, '0');

function formatDate(iso: string, locale: Locale): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return locale === 'de-DE' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
}

function formatDateTime(iso: string, locale: Locale, zone: string): string {
  const wall = wallClockOf(new Date(iso), zone);
  const day = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  return `${formatDate(day, locale)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

// Formatters are costly to create; a large school formats hundreds of thousands of cells.
// At least two decimals, and the further ones a value was typed with ("12,345"): rounded to
// cents here, a typing slip would reach the sync as a valid amount and its check never be tried.
// Six digits end a binary fraction's noise (0.1 + 0.2).
const decimalFormats: Record<Locale, Intl.NumberFormat> = {
  'de-DE': new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 6 }),
  'en-US': new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 }),
};

export function formatCell(value: RawCell, type: ColumnKind, locale: Locale, zone: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'decimal':
      return decimalFormats[locale].format(value as number);
    case 'integer':
      return String(value);
    case 'date':
      return formatDate(value as string, locale);
    case 'dateTime':
      return formatDateTime(value as string, locale, zone);
    case 'boolean':
      return value ? 'Y' : 'N';
    case 'list':
      return (value as string[]).join(' , ');
    default:
      return String(value);
  }
}

const EN_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(.*)$/;

/** en-US "MM/DD/YYYY[ time]" → de-DE form, so one set of parsers serves both locales. */
function enToDe(text: string): string {
  const match = EN_DATE.exec(text.trim());
  return match ? `${match[2]}.${match[1]}.${match[3]}${match[4]}` : text;
}

function enDecimalToDe(text: string): string {
  return text.replace(/,/g, '').replace('.', ',');
}

/** Parses a value sent by a client in the request locale into a raw cell; throws on bad input. */
export function parseCell(value: unknown, type: ColumnKind, locale: Locale, zone: string): RawCell {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const de = locale === 'en-US' ? enToDe(text) : text;
  switch (type) {
    case 'decimal':
    case 'integer':
      return typeof value === 'number' ? value : parseDecimal(locale === 'en-US' ? enDecimalToDe(text) : text);
    case 'date':
      return parseDate(de);
    case 'dateTime':
      return parseDateTime(de, zone);
    case 'boolean':
      return parseBoolean(typeof value === 'boolean' ? value : text);
    case 'list':
      return Array.isArray(value) ? value.map(String) : parseList(text);
    default:
      return text.normalize('NFC');
  }
}
