import { describe, expect, it } from 'vitest';
import { bankingAmount } from './money';

describe('amount for a banking app (copy button)', () => {
  it("uses the language's decimal mark, two decimals, no currency sign and no thousands separators", () => {
    expect(bankingAmount(123.45, 'de-DE')).toBe('123,45');
    expect(bankingAmount(123.45, 'en-GB')).toBe('123.45');
    expect(bankingAmount(123.45, 'ru-RU')).toBe('123,45');
    expect(bankingAmount(1234567.5, 'de-DE')).toBe('1234567,50');
    expect(bankingAmount(1234567.5, 'en-GB')).toBe('1234567.50');
    expect(bankingAmount(1234567.5, 'ru-RU')).toBe('1234567,50');
    expect(bankingAmount(440, 'de-DE')).toBe('440,00');
  });
});
