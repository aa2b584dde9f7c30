import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './intlFormats';

describe('Intl formatters', () => {
  it('are made once per locale and options, and format as Intl does', () => {
    const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
    const first = dateFormat('de-DE', options);
    expect(dateFormat('de-DE', { ...options })).toBe(first);
    expect(first.format(new Date('2026-11-24T12:00:00Z'))).toBe('24.11.2026');
    expect(dateFormat('en-GB', options)).not.toBe(first);
    expect(dateFormat('de-DE', { ...options, month: 'long' })).not.toBe(first);
  });

  it('keep date and number formats apart', () => {
    const money = numberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('de-DE', { style: 'currency', currency: 'EUR' })).toBe(money);
    expect(money.format(1234.5)).toBe('1.234,50\u00a0€');
  });
});
