import { describe, expect, it } from 'vitest';
import { mapRow } from '../../functions/src/sync/mapping/mapRow';
import { APPSHEET_TABLES, currentQuarter, nextQuarter } from '@family-portal/contract';
import { DEMO_ACCOUNTS, generateSchool } from './generator';
import { addBooking } from './schoolBooking';
import type { RawRow } from './store';

const today = '2026-11-21';
const QUARTER_STATUS: Record<string, string> = { Aktiv: 'active', Geplant: 'planned', Abgeschlossen: 'closed' };

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

  it('adds the booking tables to a school made without them as it makes them with booking', () => {
    const without = generateSchool({ families: 12, today, booking: false });
    expect(without.tables.Offers).toBeUndefined();
    const added = addBooking(without);
    expect(added.meta.booking).toBe(true);
    expect(added.tables).toEqual(generateSchool({ families: 12, today }).tables);
    expect((added.tables['Course Requests'] as RawRow[]).length).toBeGreaterThan(0);
  });

  it('gives a sixth of the active families a mandate, of every status, and the demo accounts theirs', () => {
    const school = generateSchool({ families: 60, today });
    const mandates = school.tables.Mandates as RawRow[];
    const active = new Set((school.tables.Members as RawRow[]).filter((member) => member.Status === 'Aktiv').map((member) => member['Member ID']));
    expect(new Set(mandates.map((row) => row.Status))).toEqual(new Set(['Aktiv', 'Ersetzt', 'Widerrufen']));
    expect(mandates.every((row) => active.has(row['Member ID']))).toBe(true);
    expect(mandates.filter((row) => row['Member ID'] === 'M0002').map((row) => row.Status)).toEqual(['Aktiv']);
    expect(mandates.filter((row) => row['Member ID'] === 'M0001')).toEqual([]);
    // One active mandate per family at most; stopped ones carry the time they stopped.
    const activeFamilies = mandates.filter((row) => row.Status === 'Aktiv').map((row) => row['Member ID']);
    expect(new Set(activeFamilies).size).toBe(activeFamilies.length);
    expect(mandates.filter((row) => row.Status !== 'Aktiv').every((row) => row['Revoked At'] !== null)).toBe(true);
    expect(generateSchool({ families: 12, today, mandates: false }).tables.Mandates).toBeUndefined();
  });

  it('has a Direct Debits table with no rows (the office has run no collection yet), and none when made without it', () => {
    const school = generateSchool({ families: 12, today });
    expect(school.tables['Direct Debits']).toEqual([]);
    expect(school.meta.debits).toBe(true);
    expect(generateSchool({ families: 12, today, debits: false }).tables['Direct Debits']).toBeUndefined();
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

describe('booking next quarter', () => {
  const school = generateSchool({ families: 60, today });
  const rows = (table: string) => school.tables[table] as RawRow[];
  const quarters = rows('Quarters').map((q) => ({ id: q['Quarter ID'] as string, name: q.Name as string, status: QUARTER_STATUS[q.Status as string] as string, firstDay: q['First Day'] as string, lastDay: q['Last Day'] as string }));
  const next = nextQuarter(quarters, currentQuarter(quarters, today), today);
  const requests = rows('Course Requests');
  /** Places a room hour's requests hold: waiting and confirmed ones. */
  const taken = (offer: RawRow, roomHourId: string) =>
    requests.filter((r) => r['Offer ID'] === offer['Offer ID'] && ['Angefragt', 'Bestätigt'].includes(r.Status as string) && (r['Room Hour IDs'] as string[]).includes(roomHourId)).length;
  const roomHoursOf = (offer: RawRow) =>
    (offer['Room Hour IDs'] as string[] | null) ?? rows('Room Hours').filter((h) => h['Lesson ID'] === offer['Lesson ID']).map((h) => h['Room Hour ID'] as string);

  it('offers the planned next quarter, as the calendar feed finds it, with requests open after today', () => {
    expect(next?.id).toBe('Q2027-1');
    const offers = rows('Offers');
    expect(offers.length).toBeGreaterThanOrEqual(8);
    for (const offer of offers) {
      expect(offer['Quarter ID']).toBe(next?.id);
      expect(offer['Requests Until'] as string > today).toBe(true);
    }
    expect(new Set(offers.map((offer) => offer['Lesson ID'])).size).toBe(offers.length);
  });

  it('has exactly one full room hour, filled by other families, and places left everywhere else', () => {
    const hours = rows('Offers').flatMap((offer) => roomHoursOf(offer).map((id) => ({ offer, id, free: (offer.Places as number) - taken(offer, id) })));
    const full = hours.filter((hour) => hour.free <= 0);
    expect(full).toHaveLength(1);
    expect(full[0]?.free).toBe(0);
    const fillers = requests.filter((r) => r['Offer ID'] === full[0]?.offer['Offer ID'] && (r['Room Hour IDs'] as string[]).includes(full[0]?.id as string));
    expect(fillers.every((r) => !['M0001', 'M0002', 'M0003'].some((m) => String(r['Child ID']).startsWith(`C${m.slice(1)}`)))).toBe(true);
    expect(hours.filter((hour) => hour.free > 0 && hour.free < (hour.offer.Places as number)).length).toBeGreaterThan(0);
  });

  it("gives the demo parents' families a request waiting, one confirmed with its plan and one declined with a note", () => {
    const ofFamily = (family: string) => requests.filter((r) => String(r['Child ID']).startsWith(`C${family}-`));
    const anna = ofFamily('0001');
    expect(anna.map((r) => r.Status).sort()).toEqual(['Abgelehnt', 'Angefragt', 'Bestätigt']);
    const confirmed = anna.find((r) => r.Status === 'Bestätigt') as RawRow;
    const plan = rows('Plans').find((p) => p['Plan ID'] === confirmed['Plan ID']);
    expect(plan).toMatchObject({ 'Child ID': confirmed['Child ID'], 'Quarter ID': next?.id, 'Lesson ID': confirmed['Lesson ID'], Weeks: confirmed.Weeks, 'Room Hour IDs': confirmed['Room Hour IDs'] });
    expect(anna.find((r) => r.Status === 'Abgelehnt')?.Note).toMatch(/\w/);
    expect(ofFamily('0002').map((r) => r.Status)).toEqual(['Angefragt']);
    expect(ofFamily('0003')).toEqual([]);
    expect(anna.every((r) => r['Requested By'] === 'anna.mueller@example.com')).toBe(true);
  });

  it('keeps the requests consistent: known child, offered lesson and room hour, one per child, lesson and quarter', () => {
    const children = new Set(rows('Children').map((c) => c['Child ID']));
    const offers = new Map(rows('Offers').map((offer) => [offer['Offer ID'], offer]));
    for (const request of requests) {
      expect(children.has(request['Child ID'])).toBe(true);
      const offer = offers.get(request['Offer ID']) as RawRow;
      expect(offer['Lesson ID']).toBe(request['Lesson ID']);
      for (const id of request['Room Hour IDs'] as string[]) expect(roomHoursOf(offer)).toContain(id);
      if (request.Status === 'Bestätigt') expect(rows('Plans').some((p) => p['Plan ID'] === request['Plan ID'])).toBe(true);
    }
    const keys = requests.map((r) => `${String(r['Lesson ID'])}|${String(r['Child ID'])}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the 2,000-family school an offer of hundreds of lessons and more than 500 requests', () => {
    const large = generateSchool({ families: 2000, today });
    expect((large.tables.Offers as RawRow[]).length).toBeGreaterThan(300);
    expect((large.tables['Course Requests'] as RawRow[]).filter((r) => ['Angefragt', 'Bestätigt'].includes(r.Status as string)).length).toBeGreaterThan(500);
  });

  it('makes a school without booking when asked: no Offers or Course Requests table, the rest unchanged', () => {
    const without = generateSchool({ families: 60, today, booking: false });
    expect(Object.keys(without.tables)).not.toContain('Offers');
    expect(Object.keys(without.tables)).not.toContain('Course Requests');
    expect(without.tables.Lessons).toEqual(school.tables.Lessons);
    expect((without.tables.Plans as RawRow[]).length).toBe(rows('Plans').length - requests.filter((r) => r.Status === 'Bestätigt').length);
  });
});
