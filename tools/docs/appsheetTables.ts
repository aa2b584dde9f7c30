/**
 * The "Tables" section of docs/appsheet.md, written from the contract's table declarations, so
 * that the page the office's app builder reads cannot drift from what the sync reads.
 *   npx tsx tools/docs/appsheetTables.ts     rewrites the section in docs/appsheet.md
 * A unit test (appsheetTables.test.ts) fails when the page and the contract differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPSHEET_TABLES, type Column, type ColumnKind, type TableDeclaration } from '@family-portal/contract';

export const APPSHEET_DOC = join(import.meta.dirname, '../../docs/appsheet.md');
const HEADING = '## Tables\n';

const APPSHEET_TYPES: Record<ColumnKind, string> = {
  text: 'Text',
  email: 'Email',
  url: 'Url',
  decimal: 'Decimal / Price',
  integer: 'Number',
  date: 'Date',
  dateTime: 'DateTime',
  boolean: 'Yes/No',
  enum: 'Enum',
  list: 'EnumList (Ref)',
};

const code = (value: unknown) => `\`${Array.isArray(value) ? JSON.stringify(value) : String(value)}\``;

/** The office's words, grouped by the value stored for them: "`Mo.`, `Mo` → `Mo.`". */
function words(col: Column): string {
  const byStored = new Map<string, string[]>();
  for (const [word, stored] of Object.entries(col.words ?? {})) byStored.set(stored, [...(byStored.get(stored) ?? []), word]);
  const listed = [...byStored].map(([stored, typed]) => `${typed.map(code).join(', ')} → ${code(stored)}`);
  if (col.otherWords === 'keep') listed.push('other texts kept as typed');
  if (col.otherWords === 'warn') listed.push('other texts kept as typed, with a warning');
  return listed.join(', ');
}

function values(col: Column): string {
  if (col.kind === 'enum') return words(col);
  return col.presence === 'defaulted' ? `blank → ${code(col.blankValue)}` : '';
}

function tableSection(table: TableDeclaration): string {
  const rows = [
    `| ${table.keyColumn} | Text (key) | yes | document id | unique; no "/" |`,
    ...Object.entries(table.columns).map(
      ([field, col]) => `| ${col.column} | ${APPSHEET_TYPES[col.kind]} | ${col.presence === 'required' ? 'yes' : ''} | ${code(field)} | ${values(col)} |`,
    ),
    `| ${table.changedColumn} | ChangeTimestamp | yes | (delta sync) | |`,
  ];
  const derived = Object.keys(table.derived ?? {}).map((field) => `\n${code(field)} is not a column: the sync copies it from the row's child.\n`);
  const optional = table.optional
    ? [
        `*Optional*: a school without ${table.optional.feature} leaves this table out. AppSheet then answers "no such table" (HTTP 404), and the sync`,
        `reads nothing of it, reports nothing and deletes nothing of its collection. How the office uses it: [${table.optional.doc}](${table.optional.doc}).`,
        '',
      ]
    : [];
  return [
    `### ${table.appSheetTable} → ${code(table.collection)}${table.optional ? ' (optional)' : ''}`,
    '',
    ...optional,
    '| AppSheet column | Type | Required | Firestore field | Values |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n') + '\n' + derived.join('');
}

/** The section as the contract declares it, from its heading to the end of the page. */
export function tablesSection(): string {
  return `${HEADING}\n${Object.values(APPSHEET_TABLES).map(tableSection).join('\n')}`;
}

/** The page with its "Tables" section replaced by the generated one. */
export function withGeneratedTables(page: string): string {
  const start = page.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/appsheet.md has no "${HEADING.trim()}" heading`);
  return page.slice(0, start) + tablesSection();
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(APPSHEET_DOC, withGeneratedTables(readFileSync(APPSHEET_DOC, 'utf8')));
  console.log('docs/appsheet.md: Tables section written from packages/contract/src/documents.ts');
}
