import { describe, expect, it } from 'vitest';
import { mapRow } from '../../functions/src/sync/mapping/mapRow';
import { APPSHEET_TABLES } from '@family-portal/contract';
import { DEMO_ACCOUNTS, generateSchool } from './generator';
import type { RawRow } from './store';

const today = '2026-11-21';

describe('demo school generator', () => {
  it('is deterministic for a seed and size', () => {
    const a = generateSchool({ seed: 3, families: 20, today });
    const b = generateSchool({ seed: 3, families: 20, today });
    const c = generateSchool({ seed: 4, families: 20, today });
    expect(a.tables).toEqual(b.tables);
    expect(a.tables).not.toEqual(c.tables);
  });

  it('makes the demo families: one owing, one in credit, one for the admin', () => {
    const school = generateSchool({ families: 60, today });
    const members = school.tables.Members as RawRow[];
    expect(members.slice(0, 3).map((m) => m.Email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    const [owing, credit] = members;
    expect(owing?.Balance).toBeLessThan(-0.01);
    expect(credit).toMatchObject({ Balance: 50, 'Children Balance': 0, 'Membership Balance': 0 });
    for (const member of members.slice(0, 2)) {
      const id = member['Member ID'];
      const children = (school.tables.Children as RawRow[]).filter((c) => c['Member ID'] === id);
      expect(children.length).toBeGreaterThan(0);
      const childIds = children.map((c) => c['Child ID']);
      expect((school.tables.Plans as RawRow[]).some((p) => childIds.includes(p['Child ID']))).toBe(true);
      expect((school.tables.Payments as RawRow[]).some((p) => p['Member ID'] === id)).toBe(true);
      expect((school.tables['Other Payments'] as RawRow[]).some((p) => p['Member ID'] === id && p.Type === 'Bücherkaution')).toBe(true);
    }
  });

  it('has exactly one active quarter, the one around today', () => {
    const quarters = generateSchool({ families: 5, today }).tables.Quarters as RawRow[];
    const active = quarters.filter((q) => q.Status === 'Aktiv');
    expect(active).toEqual([expect.objectContaining({ Name: '2026 Q4', 'First Day': '2026-10-01', 'Last Day': '2026-12-31' })]);
  });

  it('makes about 60,000 rows for 2,000 families, with unique keys and unique e-mails', () => {
    const school = generateSchool({ families: 2000, today });
    const total = Object.values(school.tables).reduce((sum, rows) => sum + rows.length, 0);
    expect(total).toBeGreaterThan(55_000);
    expect(total).toBeLessThan(65_000);
    for (const table of Object.values(APPSHEET_TABLES)) {
      const keys = (school.tables[table.appSheetTable] as RawRow[]).map((row) => row[table.keyColumn]);
      expect(new Set(keys).size, table.appSheetTable).toBe(keys.length);
    }
    const emails = (school.tables.Members as RawRow[]).map((m) => String(m.Email).trim().toLowerCase());
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('keeps references consistent', () => {
    const school = generateSchool({ families: 40, today });
    const ids = (table: string, key: string) => new Set((school.tables[table] as RawRow[]).map((r) => r[key]));
    const lessons = ids('Lessons', 'Lesson ID');
    const children = ids('Children', 'Child ID');
    for (const plan of school.tables.Plans as RawRow[]) {
      expect(children.has(plan['Child ID'])).toBe(true);
      expect(lessons.has(plan['Lesson ID'])).toBe(true);
    }
  });
});

describe('generated rows pass the contract', () => {
  it('every generated row maps cleanly once formatted as AppSheet would', async () => {
    const { COLUMN_TYPES, formatCell } = await import('./format');
    const school = generateSchool({ families: 30, today });
    for (const table of Object.values(APPSHEET_TABLES)) {
      for (const raw of school.tables[table.appSheetTable] as RawRow[]) {
        const formatted = Object.fromEntries(
          Object.entries(COLUMN_TYPES[table.appSheetTable] ?? {}).map(([column, type]) => [column, formatCell(raw[column] ?? null, type, 'de-DE', 'Europe/Berlin')]),
        );
        const mapped = mapRow(table, formatted);
        expect(mapped.ok ? 'ok' : mapped.reason, `${table.appSheetTable} ${String(raw[table.keyColumn])}`).toBe('ok');
      }
    }
  });
});
