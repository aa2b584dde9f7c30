/** How the demo server renders rows: per-locale formatting, and rows broken on purpose. */
import { APPSHEET_TABLES, type TableDeclaration } from '@family-portal/contract';
import { COLUMN_TYPES, formatCell } from './format';
import type { RawRow } from './store';

export function formatRow(table: string, row: RawRow, index: number, locale: 'de-DE' | 'en-US', zone: string): Record<string, string> {
  const types = COLUMN_TYPES[table] ?? {};
  const out: Record<string, string> = { _RowNumber: String(index + 2) };
  for (const [column, type] of Object.entries(types)) out[column] = formatCell(row[column] ?? null, type, locale, zone);
  return out;
}

/**
 * Breaks the first three rows of the table (rows 2 to 4 of the sheet) the way a careless edit
 * in the office would, wherever they appear in an answer: the same rows in every answer, as
 * with a real edit, so that a table read in slices sees them once and the same way.
 */
export function malform(table: string, rows: Record<string, string>[]): Record<string, string>[] {
  const spec: TableDeclaration | undefined = Object.values(APPSHEET_TABLES).find((t) => t.appSheetTable === table);
  return rows.map((row) => {
    const index = Number(row._RowNumber) - 2;
    if (!spec || !(index >= 0 && index < 3)) return row;
    const broken = { ...row };
    if (index === 0) broken[spec.keyColumn] = '';
    for (const col of Object.values(spec.columns)) {
      if (col.presence === 'required') broken[col.column] = index === 2 && col.kind === 'decimal' ? 'zwölf' : '';
    }
    return broken;
  });
}

