import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLES } from './tables';

const docs = readFileSync(join(import.meta.dirname, '../../../../docs/appsheet.md'), 'utf8');

describe('docs/appsheet.md', () => {
  it.each(Object.values(TABLES).map((table) => [table.appSheetTable, table] as const))(
    'documents every column of %s',
    (_name, table) => {
      const section = docs.split(`### ${table.appSheetTable} → \`${table.collection}\``)[1]?.split('\n### ')[0] ?? '';
      expect(section, `section for ${table.appSheetTable}`).not.toBe('');
      for (const column of [table.keyColumn, table.changedColumn, ...table.fields.map((f) => f.column)]) {
        expect(section).toContain(`| ${column} |`);
      }
      for (const field of table.fields) expect(section).toContain(`\`${field.field}\``);
    },
  );
});
