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

describe('parseDateTime (UTC)', () => {
  it.each([
    ['21.11.2026 16:05:09', '2026-11-21T16:05:09.000Z'],
    ['01.01.2027 00:00', '2027-01-01T00:00:00.000Z'],
    ['31.12.2026', '2026-12-31T00:00:00.000Z'],
    ['2026-11-21T17:05:09+01:00', '2026-11-21T16:05:09.000Z'],
  ])('%s → %s', (raw, expected) => {
    expect(parseDateTime(raw)).toBe(expected);
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
