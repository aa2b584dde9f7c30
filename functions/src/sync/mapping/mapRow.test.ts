import { describe, expect, expectTypeOf, it } from 'vitest';
import { APPSHEET_TABLES, SYNCED_COLLECTIONS } from '@family-portal/contract';
import { mapRow } from './mapRow';

const memberRow = {
  'Member ID': 'M0001',
  'Primary Name': ' Anna Müller ',
  'Secondary Name': 'Jonas Müller',
  Email: ' Anna.Mueller@Example.com ',
  Phone: '+49 30 1234567',
  'Phone 2': '',
  Address: 'Lindenstraße 5, 10115 Berlin',
  Status: 'Aktiv',
  'Membership Type': 'Familie',
  'Member Since': '01.09.2021',
  'Member Until': '',
  'Cancellation Requested': 'N',
  'Cancellation Requested At': '',
  'Cancellation Reason': '',
  Balance: '-245,50',
  'Children Balance': '-200,00',
  'Membership Balance': '-45,50',
  'Last Changed': '20.11.2026 08:15:00',
};

describe('the AppSheet contract', () => {
  it('defines nine tables, and the optional booking tables, closed days, mandates and direct debits, each with a key and a change-timestamp column', () => {
    expect(SYNCED_COLLECTIONS).toHaveLength(14);
    expect(SYNCED_COLLECTIONS.filter((name) => APPSHEET_TABLES[name].optional)).toEqual(['offers', 'bookingRequests', 'closedDays', 'mandates', 'debits']);
    for (const name of SYNCED_COLLECTIONS) {
      const table = APPSHEET_TABLES[name];
      expect(table.collection).toBe(name);
      expect(table.keyColumn).not.toBe('');
      expect(table.changedColumn).toBe('Last Changed');
    }
  });

  it('keeps a row whose change timestamp is unreadable, without a change time', () => {
    const result = mapRow(APPSHEET_TABLES.members, { ...memberRow, 'Last Changed': 'yesterday-ish' });
    expect(result).toMatchObject({ ok: true, id: 'M0001', changedAt: null, doc: { primaryName: 'Anna Müller' } });
  });

  it('maps a member row to the spec fields', () => {
    // A column the row lacks is blank; contract.test.ts checks that the keys are the declared ones.
    expect(mapRow(APPSHEET_TABLES.members, memberRow)).toMatchObject({
      ok: true,
      id: 'M0001',
      changedAt: '2026-11-20T07:15:00.000Z', // 08:15 on the school's clock (Berlin, winter time)
      doc: {
        primaryName: 'Anna Müller',
        secondaryName: 'Jonas Müller',
        primaryEmail: 'anna.mueller@example.com',
        phone: '+49 30 1234567',
        phone2: null,
        address: 'Lindenstraße 5, 10115 Berlin',
        status: 'active',
        type: 'Familie',
        membershipStartsAt: '2021-09-01',
        membershipEndsAt: null,
        cancellationRequested: false,
        cancellationRequestedAt: null,
        cancellationReason: null,
        balance: -245.5,
        childrenBalance: -200,
        membershipBalance: -45.5,
      },
    });
  });

  it('maps payments with German enum values', () => {
    const result = mapRow(APPSHEET_TABLES.payments, {
      'Payment ID': 'P1',
      'Member ID': 'M0001',
      Date: '03.10.2026',
      Amount: '1.250,00',
      Balance: '0',
      Comment: 'Herbstquartal',
      'Payment Type': 'Überweisung',
      Direction: 'Eingang',
      'Plan Shares': '1.200,00',
      'Membership Shares': '50,00',
      'Other Payments Share': '',
    });
    expect(result).toMatchObject({
      ok: true,
      doc: {
        date: '2026-10-03',
        amount: 1250,
        type: 'bank',
        direction: 'IN',
        planShares: 1200,
        membershipShares: 50,
        otherPaymentsShare: 0,
      },
    });
  });

  it('normalises book deposit type and status', () => {
    const result = mapRow(APPSHEET_TABLES.otherPayments, {
      'Other Payment ID': 'OP1',
      'Member ID': 'M0001',
      Type: 'bücherkaution',
      Status: 'Erstattet',
      Date: '15.09.2025',
      Amount: '30,00',
      'Child ID': 'C1',
      Comment: '',
    });
    expect(result).toMatchObject({ ok: true, doc: { type: 'Bücherkaution', status: 'returned', childId: 'C1' } });
    const other = mapRow(APPSHEET_TABLES.otherPayments, {
      'Other Payment ID': 'OP2',
      'Member ID': 'M0001',
      Type: 'Ausflug',
      Status: 'aktiv',
      Date: '15.09.2025',
      Amount: '12',
    });
    expect(other).toMatchObject({ ok: true, doc: { type: 'Ausflug', status: 'active', childId: null } });
  });

  it('maps plans with their room-hour list and weekday values', () => {
    expect(
      mapRow(APPSHEET_TABLES.plans, {
        'Plan ID': 'PL1',
        'Child ID': 'C1',
        'Quarter ID': 'Q1',
        'Lesson ID': 'L1',
        Weeks: '12',
        'Room Hour IDs': 'RH1 , RH2',
        Paid: '120,00',
        Balance: '-24,00',
      }),
    ).toMatchObject({ ok: true, doc: { weeks: 12, roomHourIds: ['RH1', 'RH2'], paid: 120, balance: -24 } });
    expect(
      mapRow(APPSHEET_TABLES.roomHours, { 'Room Hour ID': 'RH1', 'Lesson ID': 'L1', Day: 'Mo', Hour: '3 - 15:00-15:45' }),
    ).toMatchObject({ ok: true, doc: { dayOfWeek: 'Mo.', roomName: null } });
  });

  it('keeps a value outside the office\'s lists as typed, with a warning, instead of dropping the row', () => {
    const member = mapRow(APPSHEET_TABLES.members, { ...memberRow, Status: '  Ausgetreten ' });
    expect(member).toMatchObject({ ok: true, doc: { status: 'Ausgetreten' } });
    expect(member.ok && member.warnings).toEqual(['column "Status": "Ausgetreten" is not one of Aktiv, Inaktiv; kept as typed']);
    expect(mapRow(APPSHEET_TABLES.members, memberRow)).not.toHaveProperty('warnings');
  });

  it('stores an optional value it cannot read as empty, with a warning naming column and value, and keeps the row', () => {
    const lesson = mapRow(APPSHEET_TABLES.lessons, { 'Lesson ID': 'L1', Name: 'Schach', 'Price Per Hour': '15,00', 'WhatsApp Group': 'chat.whatsapp.com/abc' });
    expect(lesson).toMatchObject({ ok: true, id: 'L1', doc: { name: 'Schach', pricePerHour: 15, whatsappGroup: null } });
    expect(lesson.ok && lesson.warnings).toEqual(['column "WhatsApp Group": not a web address: "chat.whatsapp.com/abc"; stored empty']);
    const member = mapRow(APPSHEET_TABLES.members, { ...memberRow, 'Member Since': '31.02.2020' });
    expect(member).toMatchObject({ ok: true, doc: { membershipStartsAt: null, primaryName: 'Anna Müller' } });
    expect(member.ok && member.warnings).toEqual(['column "Member Since": not a calendar date: "31.02.2020"; stored empty']);
    const child = mapRow(APPSHEET_TABLES.children, { 'Child ID': 'C1', 'Member ID': 'M0001', Name: 'Mia', Status: 'Aktiv', Age: 'zehn', Birthday: '2016-13-01' });
    expect(child).toMatchObject({ ok: true, doc: { age: null, birthday: null } });
    expect(child.ok && child.warnings).toHaveLength(2);
  });

  it.each([
    [{ ...memberRow, 'Member ID': '' }, null, /key column "Member ID" is blank/],
    [{ ...memberRow, 'Member ID': 'a/b' }, 'a/b', /key contains "\/"/],
    [{ ...memberRow, Balance: '12.5' }, 'M0001', /column "Balance": not a de-DE decimal/],
    [{ ...memberRow, Email: 'nobody' }, 'M0001', /column "Email": not an e-mail/],
    [{ ...memberRow, Status: '' }, 'M0001', /column "Status" is required but blank/],
    [{ ...memberRow, 'Primary Name': '  ' }, 'M0001', /column "Primary Name" is required but blank/],
    [{ ...memberRow, 'Cancellation Requested': 'vielleicht' }, 'M0001', /column "Cancellation Requested": not a Yes\/No value/],
    [{ ...memberRow, 'Member Until': '01.01.2020' }, 'M0001', /membership ends before it starts/],
  ])('rejects a malformed row with its key and a reason (%#)', (row, key, reason) => {
    const result = mapRow(APPSHEET_TABLES.members, row);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.key).toBe(key);
      expect(result.reason).toMatch(reason);
    }
  });

  it('rejects a value the contract\'s schema refuses, naming the column', () => {
    const plan = { 'Plan ID': 'PL1', 'Child ID': 'C1', 'Quarter ID': 'Q1', 'Lesson ID': 'L1', Weeks: '-2' };
    expect(mapRow(APPSHEET_TABLES.plans, plan)).toEqual({ ok: false, key: 'PL1', reason: 'column "Weeks": must not be negative' });
    expect(mapRow(APPSHEET_TABLES.plans, { ...plan, Weeks: '0' })).toMatchObject({ ok: true, doc: { weeks: 0, roomHourIds: [], paid: 0 } });
  });

  it('rejects a key with a line break or another control character, which would start a line in a calendar or an e-mail', () => {
    const plan = { 'Child ID': 'C1', 'Quarter ID': 'Q1', 'Lesson ID': 'L1', Weeks: '10' };
    const reason = 'key contains a line break or another control character';
    expect(mapRow(APPSHEET_TABLES.plans, { ...plan, 'Plan ID': 'PL1\r\nATTENDEE:x' })).toEqual({ ok: false, key: 'PL1\r\nATTENDEE:x', reason });
    expect(mapRow(APPSHEET_TABLES.roomHours, { 'Room Hour ID': 'RH\u00001', 'Day of Week': 'Mo.', 'Hour Ref Label': '3 15:00-16:00' })).toMatchObject({ ok: false, reason });
    // Inside spaces, umlauts and punctuation are fine, and spaces around the key are trimmed.
    expect(mapRow(APPSHEET_TABLES.plans, { ...plan, 'Plan ID': ' PL 1; Müller, B. ' })).toMatchObject({ ok: true, id: 'PL 1; Müller, B.' });
  });

  it('gives the document the type the contract declares', () => {
    const payment = mapRow(APPSHEET_TABLES.payments, { 'Payment ID': 'P1', 'Member ID': 'M1', Date: '01.02.2026', Amount: '12,50', 'Payment Type': 'Bar', Direction: 'Ausgang' });
    expect(payment).toMatchObject({ ok: true, doc: { direction: 'OUT', type: 'cash', amount: 12.5, balance: 0, comment: null } });
    if (payment.ok) {
      expectTypeOf(payment.doc.direction).toEqualTypeOf<'IN' | 'OUT'>();
      expectTypeOf(payment.doc.comment).toEqualTypeOf<string | null>();
      expectTypeOf(payment.doc.amount).toEqualTypeOf<number>();
    }
  });

  it('rejects quarters that end before they start and hour labels without a number', () => {
    expect(
      mapRow(APPSHEET_TABLES.quarters, {
        'Quarter ID': 'Q1',
        Name: '2026 Q4',
        Status: 'Aktiv',
        'First Day': '31.12.2026',
        'Last Day': '01.10.2026',
      }),
    ).toMatchObject({ ok: false, reason: 'quarter ends before it starts' });
    expect(
      mapRow(APPSHEET_TABLES.roomHours, { 'Room Hour ID': 'RH1', 'Lesson ID': 'L1', Day: 'Di.', Hour: 'afternoon' }),
    ).toMatchObject({ ok: false, reason: 'hour label must start with a number' });
  });

  it('maps a debit in euros with the office\'s status word, and refuses one that is not in positive cents or returned without a reason', () => {
    const debit = { 'End To End ID': 'E1', 'Run ID': 'R1', 'Member ID': 'M1', 'Mandate Reference': 'MNDT-M1-A', Amount: '1.234,05', 'Collection Date': '15.12.2026', Status: 'Zurückgezogen' };
    expect(mapRow(APPSHEET_TABLES.debits, debit)).toMatchObject({ ok: true, id: 'E1', doc: { amount: 1234.05, collectionDate: '2026-12-15', status: 'withdrawn', returnReason: null } });
    expect(mapRow(APPSHEET_TABLES.debits, { ...debit, Status: 'Zurückgegeben', 'Return Reason': 'MD01' })).toMatchObject({ ok: true, doc: { status: 'returned', returnReason: 'MD01' } });
    const amount = 'the amount must be positive, in euros and cents';
    for (const bad of ['0,00', '-5,00', '12,345']) expect(mapRow(APPSHEET_TABLES.debits, { ...debit, Amount: bad }), bad).toEqual({ ok: false, key: 'E1', reason: amount });
    expect(mapRow(APPSHEET_TABLES.debits, { ...debit, Status: 'Zurückgegeben' })).toEqual({ ok: false, key: 'E1', reason: "a returned debit needs the bank's reason code" });
    expect(mapRow(APPSHEET_TABLES.debits, { ...debit, Status: 'Bezahlt' })).toMatchObject({ ok: false, key: 'E1', reason: expect.stringContaining('column "Status"') });
  });
});
