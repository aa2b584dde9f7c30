/**
 * Conversions of AppSheet API values into the values stored in Firestore.
 *
 * The sync asks AppSheet for `Locale: de-DE` and the school's `Timezone` (SCHOOL_TIME_ZONE,
 * Europe/Berlin by default), so values arrive as AppSheet formats them for Germany: decimal
 * commas with dots grouping thousands ("1.234,50", "-12,5"), dates as DD.MM.YYYY, date-times as
 * DD.MM.YYYY HH:MM:SS on the school's clock (no zone in the text), Yes/No as Y/N (or
 * TRUE/FALSE), lists as "A , B". Blank cells arrive as "".
 *
 * What Firestore holds (one choice for the whole project):
 * - a date is an ISO string "YYYY-MM-DD", the calendar day as typed, never shifted by a zone;
 * - an instant is an ISO-8601 string in UTC, "YYYY-MM-DDTHH:MM:SS.sssZ": the school's wall-clock
 *   time converted with the zone's offset on that day (wallClock.ts says how the hour skipped
 *   and the hour repeated by daylight saving time are read). UTC keeps instants comparable and
 *   sortable; the UI shows them in the school's zone again;
 * - numbers are numbers, Yes/No is a boolean, lists are string arrays, e-mails are lower-cased;
 * - an empty optional value is null (so that clearing a cell in AppSheet clears it here too).
 *
 * Every parser returns the converted value, null for a blank cell, or throws a ValueError
 * whose message says what was wrong.
 */

import { schoolTimeZone } from '../../lib/timeZone';
import { instantOfWallClock } from '../time/wallClock';

export class ValueError extends Error {}

export type RawValue = string | number | boolean | null | undefined;

/** Blank cells: "", whitespace, null or a missing column. */
export function isBlank(raw: RawValue): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

export function parseText(raw: RawValue): string | null {
  if (isBlank(raw)) return null;
  return String(raw).normalize('NFC').trim();
}

// de-DE: optional minus, digits grouped by dots in threes (or not grouped), optional comma decimals.
const DE_DECIMAL = /^([-−]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/;

export function parseDecimal(raw: RawValue): number | null {
  if (isBlank(raw)) return null;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) throw new ValueError(`not a finite number: ${raw}`);
    return raw;
  }
  // Price columns may carry the currency; spaces include the no-break spaces of de-DE.
  const text = String(raw).replace(/[€\s\u00a0\u202f]/g, '');
  const match = DE_DECIMAL.exec(text);
  if (!match) throw new ValueError(`not a de-DE decimal number: "${String(raw)}"`);
  const [, sign, whole = '', fraction] = match;
  const value = Number(`${sign ? '-' : ''}${whole.replace(/\./g, '')}${fraction ? `.${fraction}` : ''}`);
  return Object.is(value, -0) ? 0 : value;
}

export function parseInteger(raw: RawValue): number | null {
  const value = parseDecimal(raw);
  if (value !== null && !Number.isInteger(value)) throw new ValueError(`not a whole number: "${String(raw)}"`);
  return value;
}

const DE_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysInMonth = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

// Checked and formatted by arithmetic: a sync reads hundreds of thousands of dates, and a Date
// object per date is a measurable share of its time. Years before 100 are refused, as they
// were when this went through Date.UTC (which reads them as 19xx).
function isoDate(year: number, month: number, day: number, raw: RawValue): string {
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new ValueError(`not a calendar date: "${String(raw)}"`);
  }
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** "21.11.2026" (or an ISO "2026-11-21") → "2026-11-21". */
export function parseDate(raw: RawValue): string | null {
  if (isBlank(raw)) return null;
  const text = String(raw).trim();
  const de = DE_DATE.exec(text);
  if (de) return isoDate(Number(de[3]), Number(de[2]), Number(de[1]), raw);
  const iso = ISO_DATE.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]), raw);
  throw new ValueError(`not a DD.MM.YYYY date: "${text}"`);
}

const DE_DATE_TIME = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * "21.11.2026 17:05:09" on the clock of `zone` → "2026-11-21T16:05:09.000Z" (Berlin, winter).
 * An ISO-8601 instant with its own offset or Z is taken as it says.
 */
export function parseDateTime(raw: RawValue, zone = schoolTimeZone()): string | null {
  if (isBlank(raw)) return null;
  const text = String(raw).trim();
  const de = DE_DATE_TIME.exec(text);
  if (de) {
    const [year, month, day] = [Number(de[3]), Number(de[2]), Number(de[1])];
    isoDate(year, month, day, text);
    const [hour, minute, second] = [Number(de[4] ?? 0), Number(de[5] ?? 0), Number(de[6] ?? 0)];
    if (hour > 23 || minute > 59 || second > 59) throw new ValueError(`not a time of day: "${text}"`);
    return instantOfWallClock({ year, month, day, hour, minute, second }, zone).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return new Date(time).toISOString();
  }
  throw new ValueError(`not a DD.MM.YYYY HH:MM:SS date-time: "${text}"`);
}

const TRUE_VALUES = new Set(['y', 'yes', 'true', 'ja', '1']);
const FALSE_VALUES = new Set(['n', 'no', 'false', 'nein', '0']);

export function parseBoolean(raw: RawValue): boolean | null {
  if (isBlank(raw)) return null;
  if (typeof raw === 'boolean') return raw;
  const text = String(raw).trim().toLowerCase();
  if (TRUE_VALUES.has(text)) return true;
  if (FALSE_VALUES.has(text)) return false;
  throw new ValueError(`not a Yes/No value: "${String(raw)}"`);
}

// Deliberately simple: AppSheet validates e-mails itself; this only catches garbage.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseEmail(raw: RawValue): string | null {
  const text = parseText(raw);
  if (text === null) return null;
  const email = text.toLowerCase();
  if (!EMAIL.test(email)) throw new ValueError(`not an e-mail address: "${text}"`);
  return email;
}

export function parseUrl(raw: RawValue): string | null {
  const text = parseText(raw);
  if (text === null) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
    return url.toString();
  } catch {
    throw new ValueError(`not a web address: "${text}"`);
  }
}

/** AppSheet EnumList/List values: "RH1 , RH2" → ["RH1", "RH2"]; blank → []. */
export function parseList(raw: RawValue): string[] {
  if (isBlank(raw)) return [];
  return String(raw)
    .split(',')
    .map((item) => item.normalize('NFC').trim())
    .filter((item) => item !== '');
}
