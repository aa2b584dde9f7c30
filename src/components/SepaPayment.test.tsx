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

describe('SEPA details that no QR code can carry', () => {
  it('keep the transfer details and their copy buttons; only the code gives way to a note', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // The EPC format allows 140 characters of reference.
    const reference = `Familie ${'Sehr-Lang-Doppelname '.repeat(7)}`.trim();
    expect(reference.length).toBeGreaterThan(140);
    render(<SepaPayment amount={440} reference={reference} />);
    expect(screen.getByText('No QR code can be made for these details. Please copy them into your transfer.')).toBeInTheDocument();
    expect(screen.queryByTestId('sepa-qr')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText(reference)).toBeInTheDocument();
    for (const field of ['Recipient', 'IBAN', 'BIC', 'Amount', 'Reference']) {
      expect(screen.getByRole('button', { name: `Copy ${field}` })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Copy Reference' }));
    expect(writeText).toHaveBeenCalledWith(reference);
  });

  it('show the code for a reference the format allows', async () => {
    render(<SepaPayment amount={440} reference="Anna Müller" />);
    expect(await screen.findByTestId('sepa-qr')).toBeInTheDocument();
    expect(screen.getByText('Scan the QR code with your banking app, or copy the details into a transfer.')).toBeInTheDocument();
  });
});
