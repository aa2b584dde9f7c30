/**
 * Formats raw demo values the way AppSheet's API formats them for a request Locale, and parses
 * values sent with Edit/Add back. de-DE and en-US are implemented; other locales get en-US, as
 * AppSheet defaults to en-US.
 */
import { parseBoolean, parseDate, parseDateTime, parseDecimal, parseList } from '../../functions/src/sync/values';
import type { ColumnType } from '../../functions/src/sync/schema';
import { TABLES } from '../../functions/src/sync/tables';
import type { RawCell } from './store';

type Locale = 'de-DE' | 'en-US';

export function supportedLocale(locale: unknown): Locale {
  return locale === 'de-DE' ? 'de-DE' : 'en-US';
}

/** AppSheet table → column → type, from the contract; key and change columns included. */
export const COLUMN_TYPES: Record<string, Record<string, ColumnType>> = Object.fromEntries(
  Object.values(TABLES).map((table) => [
    table.appSheetTable,
    {
      [table.keyColumn]: 'text' as ColumnType,
      [table.changedColumn]: 'dateTime' as ColumnType,
      ...Object.fromEntries(table.fields.map((field) => [field.column, field.type])),
    },
  ]),
);

const pad = (n: number) => String(n).padStart(2, '0');

function formatDate(iso: string, locale: Locale): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return locale === 'de-DE' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
}

function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${formatDate(date.toISOString(), locale)} ${time}`;
}

// Formatters are costly to create; a large school formats hundreds of thousands of cells.
const decimalFormats: Record<Locale, Intl.NumberFormat> = {
  'de-DE': new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  'en-US': new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

export function formatCell(value: RawCell, type: ColumnType, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'decimal':
      return decimalFormats[locale].format(value as number);
    case 'integer':
      return String(value);
    case 'date':
      return formatDate(value as string, locale);
    case 'dateTime':
      return formatDateTime(value as string, locale);
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
export function parseCell(value: unknown, type: ColumnType, locale: Locale): RawCell {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const text = typeof value === 'string' ? value : String(value);
  const de = locale === 'en-US' ? enToDe(text) : text;
  switch (type) {
    case 'decimal':
    case 'integer':
      return typeof value === 'number' ? value : parseDecimal(locale === 'en-US' ? enDecimalToDe(text) : text);
    case 'date':
      return parseDate(de);
    case 'dateTime':
      return parseDateTime(de);
    case 'boolean':
      return parseBoolean(typeof value === 'boolean' ? value : text);
    case 'list':
      return Array.isArray(value) ? value.map(String) : parseList(text);
    default:
      return text.normalize('NFC');
  }
}
