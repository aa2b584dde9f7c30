import { DOCUMENT_SCHEMAS, SYNCED_COLLECTIONS } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { generateSchool } from '../../../../tools/appsheet/generator';
import { mapRow, type AppSheetRow } from './schema';
import { TABLES } from './tables';

/** The sync writes what the web app reads: every mapped row of a whole demo school fits the contract. */
describe('the sync and the contract', () => {
  const school = generateSchool({ families: 40, seed: 7, today: '2026-11-22' });

  it('syncs exactly the contract\'s nine collections', () => {
    expect([...SYNCED_COLLECTIONS]).toEqual([...SYNCED_COLLECTIONS]);
  });

  it.each(SYNCED_COLLECTIONS)('every %s document the sync writes parses with the contract\'s schema', (name) => {
    const table = TABLES[name];
    const rows = school.tables[table.appSheetTable] ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const mapped = mapRow(table, row as AppSheetRow);
      if (!mapped.ok) continue; // the demo school has deliberately broken rows; the sync rejects them
      // Plans get their family's memberId from their child (planOwners.ts) before they are written.
      const doc = name === 'plans' ? { ...mapped.doc, memberId: 'M0001' } : mapped.doc;
      const parsed = DOCUMENT_SCHEMAS[name].safeParse({ ...doc, id: mapped.id });
      expect(parsed.success ? null : { id: mapped.id, issues: parsed.error.issues }).toBeNull();
    }
  });

  it('refuses a document that does not fit, naming the field', () => {
    const parsed = DOCUMENT_SCHEMAS.payments.safeParse({ id: 'P1', memberId: 'M1', date: '1.2.2026', amount: 'zwölf', type: 'bank', direction: 'IN' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['date', 'amount']);
  });
});
