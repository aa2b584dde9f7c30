// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { SepaPayment } from './SepaPayment';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('SEPA payment copy buttons', () => {
  it.each([
    ['de', 'Betrag kopieren', '1234,50'],
    ['en', 'Copy Amount', '1234.50'],
    ['ru', 'Копировать: Сумма', '1234,50'],
  ])('copy the amount in %s as a banking app there expects it: no currency sign, no thousands separator', async (language, button, expected) => {
    await i18n.changeLanguage(language);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<SepaPayment amount={1234.5} reference="Anna Müller" />);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(writeText).toHaveBeenCalledWith(expected);
  });
});
