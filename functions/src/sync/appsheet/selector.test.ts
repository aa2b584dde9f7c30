import { describe, expect, it } from 'vitest';
import { and, column, filter, keyIn, quotable, SelectorError, text, top } from './selector';

describe('AppSheet selectors', () => {
  it('quotes table names, keys and dates the one way AppSheet reads them', () => {
    expect(filter('Other Payments')).toBe('Filter("Other Payments", TRUE)');
    expect(filter('Members', keyIn('Member ID', ['M0001']))).toBe('Filter("Members", [Member ID] = "M0001")');
    expect(keyIn('ID', ['P1', 'P2'])).toBe('OR([ID] = "P1", [ID] = "P2")');
    expect(top('Payments', and('[Last Changed] >= "21.11.2026 16:55:00"', '[_RowNumber] >= 7'), '_RowNumber', 3)).toBe(
      'Top(OrderBy(Filter("Payments", AND([Last Changed] >= "21.11.2026 16:55:00", [_RowNumber] >= 7)), [_RowNumber]), 3)',
    );
  });

  it('writes non-ASCII keys, tables and columns as they are', () => {
    expect(filter('Räume', keyIn('Schlüssel', ['Ключ-7', 'Ø 12']))).toBe('Filter("Räume", OR([Schlüssel] = "Ключ-7", [Schlüssel] = "Ø 12"))');
  });

  it('refuses a value with a double quote or a backslash, and a column with a bracket', () => {
    for (const value of ['P"1', 'P\\2', '"']) {
      expect(quotable(value)).toBe(false);
      expect(() => text(value)).toThrow(SelectorError);
      expect(() => keyIn('ID', ['P0', value])).toThrow(SelectorError);
    }
    expect(quotable("O'Brien [2]")).toBe(true);
    expect(text("O'Brien [2]")).toBe('"O\'Brien [2]"');
    expect(() => column('Key]')).toThrow(SelectorError);
    expect(() => column('[Key')).toThrow(SelectorError);
    expect(() => filter('Pay"ments')).toThrow(SelectorError);
  });

  it('joins conditions: none is TRUE, one stays as it is', () => {
    expect(and()).toBe('TRUE');
    expect(and(undefined, '[A] = "1"')).toBe('[A] = "1"');
    expect(and('[A] = "1"', '[B] = "2"')).toBe('AND([A] = "1", [B] = "2")');
  });
});
