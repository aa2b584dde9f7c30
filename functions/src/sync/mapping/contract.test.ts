import { APPSHEET_TABLES, DOCUMENT_SCHEMAS, SYNCED_COLLECTIONS } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { generateSchool } from '../../../../tools/appsheet/generator';
import { mapRow, type AppSheetRow } from './mapRow';

/** The sync writes what the web app reads: every mapped row of a whole demo school fits the contract. */
describe('the sync and the contract', () => {
  const school = generateSchool({ families: 40, seed: 7, today: '2026-11-22' });
  // The demo school has run no collection yet: its Direct Debits as a run and a return make them.
  const debit = { 'Run ID': 'RUN-20261215', 'Member ID': 'M0002', 'Mandate Reference': 'MNDT-M0002-DEMO1', Amount: 87.5, 'Collection Date': '2026-12-15', 'Last Changed': '2026-12-01T09:00:00.000Z' };
  const debits = [
    { ...debit, 'End To End ID': 'RUN-20261215-M0002', Status: 'Eingereicht', 'Return Reason': null },
    { ...debit, 'End To End ID': 'RUN-20261215-M0012', 'Member ID': 'M0012', Status: 'Zurückgegeben', 'Return Reason': 'AM04' },
  ];

  it('declares one AppSheet table per synced collection, each column read into one field', () => {
    expect(Object.keys(APPSHEET_TABLES).sort()).toEqual([...SYNCED_COLLECTIONS].sort());
    for (const name of SYNCED_COLLECTIONS) {
      const table = APPSHEET_TABLES[name];
      expect(table.collection).toBe(name);
      const columns = Object.values(table.columns).map((col) => col.column);
      expect(new Set([table.keyColumn, table.changedColumn, ...columns]).size, name).toBe(columns.length + 2);
      // The web app reads exactly the mapped fields, the document id and what the sync derives.
      expect(Object.keys(DOCUMENT_SCHEMAS[name].def.shape).sort()).toEqual(['id', ...Object.keys(table.columns), ...Object.keys(table.derived ?? {})].sort());
    }
  });

  it.each(SYNCED_COLLECTIONS)('every %s document the sync writes parses with the contract\'s schema', (name) => {
    const table = APPSHEET_TABLES[name];
    const rows = name === 'debits' ? debits : (school.tables[table.appSheetTable] ?? []);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const mapped = mapRow(table, row as AppSheetRow);
      if (!mapped.ok) continue; // the demo school has deliberately broken rows; the sync rejects them
      // Plans and requests get their family's memberId from their child (planOwners.ts) before they are written.
      const doc = name === 'plans' || name === 'bookingRequests' ? { ...mapped.doc, memberId: 'M0001' } : mapped.doc;
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
