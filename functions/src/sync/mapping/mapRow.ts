/**
 * One AppSheet row → one typed document: each cell through its column's converter (values.ts),
 * the result through the table's schema, then the table's own rule across fields. The tables,
 * their columns and schemas are declared once, in the contract (packages/contract/src/documents.ts).
 */
import type { Column, ColumnKind, TableDeclaration } from '@family-portal/contract';
import type * as z from 'zod/mini';
import {
  parseBoolean,
  parseDate,
  parseDateTime,
  parseDecimal,
  parseEmail,
  parseInteger,
  parseList,
  parseText,
  parseUrl,
  ValueError,
  type RawValue,
} from './values';
import { schoolTimeZone } from '../../lib/timeZone';

export type FieldValue = string | number | boolean | null | string[];
/** Any synced document's fields, as the writer, the hash and the owners' step handle them. */
export type SyncedDocument = Record<string, FieldValue>;
export type AppSheetRow = Record<string, RawValue>;
/** What mapRow needs of any of the contract's tables. */
export interface MappableTable extends Pick<TableDeclaration, 'keyColumn' | 'changedColumn' | 'columns'> {
  readonly rowSchema: z.ZodMiniType;
  check?(doc: SyncedDocument): string | null;
}
/** The document the sync maps from a row of `T` (without id and derived fields). */
export type RowDocumentOf<T extends MappableTable> = z.output<T['rowSchema']>;

export type MappedRow<D = SyncedDocument> =
  | { ok: true; id: string; doc: D; changedAt: string | null; warnings?: string[] }
  | { ok: false; key: string | null; reason: string };

// Lower-cased word → stored value per enum column, built once: a sync maps every row's enums.
const enumLookups = new WeakMap<Column, Map<string, string>>();

function enumLookup(col: Column): Map<string, string> {
  let lookup = enumLookups.get(col);
  if (!lookup) {
    lookup = new Map();
    // The first entry wins, as a search in order would find it.
    for (const [word, stored] of Object.entries(col.words ?? {})) {
      for (const key of [word.toLowerCase(), stored.toLowerCase()]) if (!lookup.has(key)) lookup.set(key, stored);
    }
    enumLookups.set(col, lookup);
  }
  return lookup;
}

function parseEnum(raw: RawValue, col: Column): string | null {
  const text = parseText(raw);
  if (text === null) return null;
  const stored = enumLookup(col).get(text.toLowerCase());
  if (stored !== undefined) return stored;
  if (col.otherWords === 'keep' || col.otherWords === 'warn') return text;
  throw new ValueError(`"${text}" is not one of ${Object.keys(col.words ?? {}).join(', ')}`);
}

const CONVERTERS: Record<ColumnKind, (raw: RawValue, col: Column, zone: string) => FieldValue> = {
  text: parseText,
  email: parseEmail,
  url: parseUrl,
  decimal: parseDecimal,
  integer: parseInteger,
  date: parseDate,
  dateTime: (raw, _col, zone) => parseDateTime(raw, zone),
  boolean: parseBoolean,
  enum: parseEnum,
  list: parseList,
};

/** One cell as its column stores it: null when blank; throws a ValueError when unreadable. */
export function convertCell(col: Column, raw: RawValue, zone = schoolTimeZone()): FieldValue {
  return CONVERTERS[col.kind](raw, col, zone);
}

// Firestore document ids: no slashes, not "." or "..", not __reserved__, at most 1500 bytes. And
// no line breaks or other control characters: keys become calendar UIDs and e-mail and CSV text,
// where a line break would start a line of its own.
function documentIdProblem(id: string): string | null {
  if (id.includes('/')) return 'contains "/"';
  // oxlint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(id)) return 'contains a line break or another control character';
  if (id === '.' || id === '..') return 'is "." or ".."';
  if (/^__.*__$/.test(id)) return 'is a reserved name';
  if (Buffer.byteLength(id, 'utf8') > 1500) return 'is longer than 1500 bytes';
  return null;
}

const isBlankValue = (value: FieldValue) => value === null || (Array.isArray(value) && value.length === 0);

// Each table's fields in order, listed once: a sync maps hundreds of thousands of rows.
const fieldLists = new WeakMap<MappableTable, [string, Column][]>();
function fieldsOf(table: MappableTable): [string, Column][] {
  let fields = fieldLists.get(table);
  if (!fields) fieldLists.set(table, (fields = Object.entries(table.columns)));
  return fields;
}

/** Validates and converts one AppSheet row. A bad row is rejected with a reason, never half-written. */
export function mapRow<T extends MappableTable>(table: T, row: AppSheetRow): MappedRow<RowDocumentOf<T>> {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) {
    return { ok: false, key: null, reason: 'row is not an object' };
  }
  const keyRaw = row[table.keyColumn];
  const id = typeof keyRaw === 'string' || typeof keyRaw === 'number' ? String(keyRaw).trim() : '';
  if (id === '') return { ok: false, key: null, reason: `key column "${table.keyColumn}" is blank` };
  const idProblem = documentIdProblem(id);
  if (idProblem) return { ok: false, key: id, reason: `key ${idProblem}` };

  const cells: SyncedDocument = {};
  const warnings: string[] = [];
  // Looked up once per row, not per DateTime cell.
  const zone = schoolTimeZone();
  for (const [field, col] of fieldsOf(table)) {
    let value: FieldValue;
    try {
      value = convertCell(col, row[col.column], zone);
    } catch (error) {
      const reason = error instanceof ValueError ? error.message : String(error);
      // A typing slip in an optional value (a messaging-group link, a birthday) must not hide the
      // family's course or child: the value is stored empty and the office told. A required
      // value, or a figure with a default (a balance), would have to be made up: the row waits.
      if (col.presence !== 'optional') return { ok: false, key: id, reason: `column "${col.column}": ${reason}` };
      warnings.push(`column "${col.column}": ${reason}; stored empty`);
      value = null;
    }
    if (col.presence === 'required' && value === null) {
      return { ok: false, key: id, reason: `column "${col.column}" is required but blank` };
    }
    cells[field] = col.presence === 'defaulted' && isBlankValue(value) ? (col.blankValue as FieldValue) : value;
    if (col.otherWords === 'warn' && typeof value === 'string' && !Object.values(col.words ?? {}).includes(value)) {
      warnings.push(`column "${col.column}": "${value}" is not one of ${Object.keys(col.words ?? {}).join(', ')}; kept as typed`);
    }
  }

  const parsed = table.rowSchema.safeParse(cells);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    return { ok: false, key: id, reason: `column "${table.columns[field]?.column ?? field}": ${issue?.message ?? 'unreadable'}` };
  }
  const doc = parsed.data as RowDocumentOf<T>;
  const problem = table.check?.(doc as SyncedDocument);
  if (problem) return { ok: false, key: id, reason: problem };

  return { ok: true, id, doc, changedAt: changeTimestamp(row[table.changedColumn], zone), ...(warnings.length > 0 ? { warnings } : {}) };
}

/** The change timestamp only steers delta syncs; a broken one must not hide the row. */
function changeTimestamp(raw: RawValue, zone: string): string | null {
  try {
    return parseDateTime(raw, zone);
  } catch {
    return null;
  }
}
