import { describe, expect, it } from 'vitest';
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
} from './values';

describe('parseDecimal (de-DE)', () => {
  it.each([
    ['12,5', 12.5],
    ['-120,50', -120.5],
    ['1.234,56', 1234.56],
    ['1.234.567', 1234567],
    ['0', 0],
    ['-0,00', 0],
    ['−3,10', -3.1],
    ['1.234,50 €', 1234.5],
    ['€ 7,00', 7],
    [' 42 ', 42],
    [3.75, 3.75],
  ])('%j → %d', (raw, expected) => {
    expect(parseDecimal(raw)).toBe(expected);
  });

  it('treats blank cells as empty', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('  ')).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
  });

  it.each(['12.5', '1,2,3', 'abc', '12,', '1.23,4', '--1'])('rejects %j', (raw) => {
    expect(() => parseDecimal(raw)).toThrow(/de-DE decimal/);
  });
});

describe('parseInteger', () => {
  it('accepts whole numbers and rejects fractions', () => {
    expect(parseInteger('12')).toBe(12);
    expect(() => parseInteger('12,5')).toThrow(/whole number/);
  });
});

describe('parseDate', () => {
  it.each([
    ['21.11.2026', '2026-11-21'],
    ['1.2.2026', '2026-02-01'],
    ['29.02.2024', '2024-02-29'],
    ['2026-11-21', '2026-11-21'],
  ])('%s → %s', (raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });

  it.each(['31.02.2026', '29.02.2025', '00.01.2026', '11/21/2026', '21.11.26'])('rejects %s', (raw) => {
    expect(() => parseDate(raw)).toThrow();
  });
});

describe('parseDateTime', () => {
  it.each([
    ['21.11.2026 16:05:09', '2026-11-21T16:05:09.000Z'],
    ['01.01.2027 00:00', '2027-01-01T00:00:00.000Z'],
    ['31.12.2026', '2026-12-31T00:00:00.000Z'],
    ['2026-11-21T17:05:09+01:00', '2026-11-21T16:05:09.000Z'],
  ])('UTC: %s → %s', (raw, expected) => {
    expect(parseDateTime(raw, 'UTC')).toBe(expected);
  });

  it.each([
    ['winter time', '21.11.2026 17:05:09', '2026-11-21T16:05:09.000Z'],
    ['summer time', '01.07.2026 12:00:00', '2026-07-01T10:00:00.000Z'],
    ['00:30 on the 1st, winter', '01.03.2026 00:30:00', '2026-02-28T23:30:00.000Z'],
    ['00:30 on the 1st, summer', '01.06.2026 00:30:00', '2026-05-31T22:30:00.000Z'],
    ['a date alone is local midnight', '01.01.2027', '2026-12-31T23:00:00.000Z'],
    ['29 March, before the jump', '29.03.2026 01:59:59', '2026-03-29T00:59:59.000Z'],
    ['29 March, 02:30 does not exist: read as if the clock had not jumped', '29.03.2026 02:30:00', '2026-03-29T01:30:00.000Z'],
    ['29 March, after the jump', '29.03.2026 03:00:00', '2026-03-29T01:00:00.000Z'],
    ['25 October, before the repeated hour', '25.10.2026 01:59:59', '2026-10-24T23:59:59.000Z'],
    ['25 October, 02:30 happens twice: the first one', '25.10.2026 02:30:00', '2026-10-25T00:30:00.000Z'],
    ['25 October, after the repeated hour', '25.10.2026 03:00:00', '2026-10-25T02:00:00.000Z'],
    ['an explicit offset wins over the zone', '2026-11-21T16:05:09Z', '2026-11-21T16:05:09.000Z'],
  ])('Europe/Berlin, %s: %s → %s', (_what, raw, expected) => {
    expect(parseDateTime(raw, 'Europe/Berlin')).toBe(expected);
  });

  it("reads the school's zone by default (SCHOOL_TIME_ZONE, else Europe/Berlin)", () => {
    const saved = process.env.SCHOOL_TIME_ZONE;
    try {
      delete process.env.SCHOOL_TIME_ZONE;
      expect(parseDateTime('01.03.2026 00:30:00')).toBe('2026-02-28T23:30:00.000Z');
      process.env.SCHOOL_TIME_ZONE = 'Europe/London';
      expect(parseDateTime('01.07.2026 00:30:00')).toBe('2026-06-30T23:30:00.000Z');
      process.env.SCHOOL_TIME_ZONE = 'Mars/Olympus';
      expect(() => parseDateTime('01.07.2026 00:30:00')).toThrow(/Unknown time zone "Mars\/Olympus"/);
    } finally {
      if (saved === undefined) delete process.env.SCHOOL_TIME_ZONE;
      else process.env.SCHOOL_TIME_ZONE = saved;
    }
  });

  it.each(['21.11.2026 24:00:00', '21.11.2026 12:60', 'yesterday', '2026-11-21T10:00'])('rejects %s', (raw) => {
    expect(() => parseDateTime(raw)).toThrow();
  });
});

describe('parseBoolean', () => {
  it.each([
    ['Y', true],
    ['N', false],
    ['TRUE', true],
    ['FALSE', false],
    ['true', true],
    ['Ja', true],
    [true, true],
  ])('%j → %s', (raw, expected) => {
    expect(parseBoolean(raw)).toBe(expected);
  });

  it('rejects other words and keeps blanks empty', () => {
    expect(() => parseBoolean('maybe')).toThrow(/Yes\/No/);
    expect(parseBoolean('')).toBeNull();
  });
});

describe('text, e-mail, URL and list values', () => {
  it('trims and normalises text to NFC', () => {
    expect(parseText('  Mu\u0308ller ')).toBe('Müller');
    expect(parseText('')).toBeNull();
  });

  it('lower-cases and trims e-mails, rejecting garbage', () => {
    expect(parseEmail('  Anna.Mueller@Example.COM ')).toBe('anna.mueller@example.com');
    expect(() => parseEmail('anna at example')).toThrow(/e-mail/);
  });

  it('accepts web links only', () => {
    expect(parseUrl('https://chat.whatsapp.com/AbC')).toBe('https://chat.whatsapp.com/AbC');
    expect(() => parseUrl('javascript:alert(1)')).toThrow(/web address/);
  });

  it('splits AppSheet lists', () => {
    expect(parseList('RH1 , RH2,RH3')).toEqual(['RH1', 'RH2', 'RH3']);
    expect(parseList('')).toEqual([]);
  });
});
