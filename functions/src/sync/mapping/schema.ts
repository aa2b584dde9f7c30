/**
 * The shape of an AppSheet table as the sync sees it, and the generic mapper
 * AppSheet row → Firestore document. The nine concrete tables live in tables.ts.
 */
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
import { schoolTimeZone } from '../time/timeZone';

export type ColumnType = 'text' | 'email' | 'url' | 'decimal' | 'integer' | 'date' | 'dateTime' | 'boolean' | 'enum' | 'list';

export interface FieldSpec {
  /** Firestore field name (spec section 3). */
  field: string;
  /** AppSheet column name. */
  column: string;
  type: ColumnType;
  /** A blank cell rejects the row. */
  required?: boolean;
  /** Stored instead of null for a blank cell. */
  default?: string | number | boolean;
  /** enum: AppSheet value → stored value; matched case-insensitively; stored values also accepted. */
  values?: Readonly<Record<string, string>>;
  /**
   * enum: other values are kept as trimmed text instead of rejecting the row; 'warn' also
   * reports them, so that the office can tidy a value the contract does not know.
   */
  allowOtherValues?: boolean | 'warn';
}

export interface TableSpec {
  /** Firestore collection, also our name for the table. */
  collection: string;
  /** AppSheet table name (URL-encoded when called). */
  appSheetTable: string;
  /** AppSheet key column; its value is the Firestore document id. */
  keyColumn: string;
  /** AppSheet ChangeTimestamp column: when the row last changed. */
  changedColumn: string;
  fields: readonly FieldSpec[];
  /** A rule across fields; returns a reason when the document is inconsistent. */
  check?: (doc: SyncedDocument) => string | null;
}

export type FieldValue = string | number | boolean | null | string[];
export type SyncedDocument = Record<string, FieldValue>;
export type AppSheetRow = Record<string, RawValue>;

export type MappedRow =
  | { ok: true; id: string; doc: SyncedDocument; changedAt: string | null; warnings?: string[] }
  | { ok: false; key: string | null; reason: string };

// Lower-cased value → stored value per enum column, built once: a sync maps every row's enums.
const enumLookups = new WeakMap<FieldSpec, Map<string, string>>();

function enumLookup(spec: FieldSpec): Map<string, string> {
  let lookup = enumLookups.get(spec);
  if (!lookup) {
    lookup = new Map();
    // The first entry wins, as a search in order would find it.
    for (const [appSheetValue, stored] of Object.entries(spec.values ?? {})) {
      for (const key of [appSheetValue.toLowerCase(), stored.toLowerCase()]) if (!lookup.has(key)) lookup.set(key, stored);
    }
    enumLookups.set(spec, lookup);
  }
  return lookup;
}

export function parseEnum(raw: RawValue, spec: FieldSpec): string | null {
  const text = parseText(raw);
  if (text === null) return null;
  const stored = enumLookup(spec).get(text.toLowerCase());
  if (stored !== undefined) return stored;
  if (spec.allowOtherValues) return text;
  const allowed = Object.keys(spec.values ?? {}).join(', ');
  throw new ValueError(`"${text}" is not one of ${allowed}`);
}

function convert(raw: RawValue, spec: FieldSpec, zone: string): FieldValue {
  switch (spec.type) {
    case 'text':
      return parseText(raw);
    case 'email':
      return parseEmail(raw);
    case 'url':
      return parseUrl(raw);
    case 'decimal':
      return parseDecimal(raw);
    case 'integer':
      return parseInteger(raw);
    case 'date':
      return parseDate(raw);
    case 'dateTime':
      return parseDateTime(raw, zone);
    case 'boolean':
      return parseBoolean(raw);
    case 'enum':
      return parseEnum(raw, spec);
    case 'list':
      return parseList(raw);
  }
}

// Firestore document ids: no slashes, not "." or "..", not __reserved__, at most 1500 bytes.
function documentIdProblem(id: string): string | null {
  if (id.includes('/')) return 'contains "/"';
  if (id === '.' || id === '..') return 'is "." or ".."';
  if (/^__.*__$/.test(id)) return 'is a reserved name';
  if (Buffer.byteLength(id, 'utf8') > 1500) return 'is longer than 1500 bytes';
  return null;
}

/** Validates and converts one AppSheet row. A bad row is rejected with a reason, never half-written. */
export function mapRow(table: TableSpec, row: AppSheetRow): MappedRow {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) {
    return { ok: false, key: null, reason: 'row is not an object' };
  }
  const keyRaw = row[table.keyColumn];
  const id = typeof keyRaw === 'string' || typeof keyRaw === 'number' ? String(keyRaw).trim() : '';
  if (id === '') return { ok: false, key: null, reason: `key column "${table.keyColumn}" is blank` };
  const idProblem = documentIdProblem(id);
  if (idProblem) return { ok: false, key: id, reason: `key ${idProblem}` };

  const doc: SyncedDocument = {};
  const warnings: string[] = [];
  // Looked up once per row, not per DateTime cell.
  const zone = schoolTimeZone();
  for (const spec of table.fields) {
    let value: FieldValue;
    try {
      value = convert(row[spec.column], spec, zone);
    } catch (error) {
      const reason = error instanceof ValueError ? error.message : String(error);
      // A typing slip in an optional value (a messaging-group link, a birthday) must not hide the
      // family's course or child: the value is stored empty and the office told. A required
      // value, or a figure with a default (a balance), would have to be made up: the row waits.
      if (spec.required || spec.default !== undefined) return { ok: false, key: id, reason: `column "${spec.column}": ${reason}` };
      warnings.push(`column "${spec.column}": ${reason}; stored empty`);
      value = null;
    }
    if (value === null && spec.required) {
      return { ok: false, key: id, reason: `column "${spec.column}" is required but blank` };
    }
    doc[spec.field] = value ?? spec.default ?? null;
    if (spec.allowOtherValues === 'warn' && typeof value === 'string' && !Object.values(spec.values ?? {}).includes(value)) {
      warnings.push(`column "${spec.column}": "${value}" is not one of ${Object.keys(spec.values ?? {}).join(', ')}; kept as typed`);
    }
  }

  const problem = table.check?.(doc);
  if (problem) return { ok: false, key: id, reason: problem };

  let changedAt: string | null = null;
  try {
    changedAt = parseDateTime(row[table.changedColumn], zone);
  } catch {
    // The change timestamp only steers delta syncs; a broken one must not hide the row.
    changedAt = null;
  }
  return { ok: true, id, doc, changedAt, ...(warnings.length > 0 ? { warnings } : {}) };
}
