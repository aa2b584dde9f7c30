// @vitest-environment jsdom
import type { Debit, MandateView } from '@family-portal/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DirectDebitProvider } from '../data/useDirectDebit';
import i18n from '../i18n';
import { annaDebit, annaMandate, annaMember } from '../test/fixtures';
import { FinancialStatusCard } from './FinancialStatusCard';

const store = vi.hoisted(() => ({ readDirectDebit: vi.fn() }));
vi.mock('../data/firebase', () => ({ familyStore: async () => store }));
// The transfer's QR code is SepaPayment's own test; a test's DOM has no worker to draw it.
vi.mock('../lib/qrCode', () => ({ drawQrCode: () => () => undefined }));

const MASKED = 'DE•• •••• •••• •••• ••30 00';
const REFERENCE = 'MNDT-M0001-A1B2C3D4E5F6';
const active = annaMandate();
const returned = (reason: string) => annaDebit({ status: 'returned', returnReason: reason });

/** The parent's own dashboard card, with what the direct debit read finds. */
async function dashboard(mandates: MandateView[], debits: Debit[], language: 'en' | 'de' | 'ru' = 'en') {
  await i18n.changeLanguage(language);
  store.readDirectDebit.mockResolvedValue({ offered: true, mandates, debits });
  render(
    <MemoryRouter>
      <DirectDebitProvider>
        <FinancialStatusCard member={annaMember} withDirectDebit />
      </DirectDebitProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: i18n.t('finance.title') });
}

beforeEach(() => {
  store.readDirectDebit.mockReset();
  // 7 December 2026 at the school.
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-07T10:00:00Z') });
});
afterEach(() => vi.useRealTimers());

describe('an announced collection on the dashboard', () => {
  it('says how much is collected on which day from which account under which mandate, the transfer one tap away', async () => {
    const card = await dashboard([active], [annaDebit()]);
    expect(await within(card).findByText(`€123.45 will be collected by direct debit on 21 December 2026 from ${MASKED} (mandate ${REFERENCE}).`)).toBeInTheDocument();
    expect(within(card).getByText('Pay by transfer instead').closest('details')).not.toHaveAttribute('open');
  });

  it('says it in German, amount and date as German writes them', async () => {
    const german = await dashboard([active], [annaDebit({ status: 'filed', amount: 1234.5 })], 'de');
    expect(await within(german).findByText(`1.234,50 € werden am 21. Dezember 2026 per Lastschrift von ${MASKED} eingezogen (Mandat ${REFERENCE}).`)).toBeInTheDocument();
  });

  it('says it in Russian', async () => {
    const russian = await dashboard([active], [annaDebit()], 'ru');
    expect(await within(russian).findByText(`21 декабря 2026 г. со счёта ${MASKED} будет списано 123,45 € через прямое дебетование (мандат ${REFERENCE}).`)).toBeInTheDocument();
  });

  it('is told up to its day', async () => {
    const card = await dashboard([active], [annaDebit({ collectionDate: '2026-12-07', status: 'filed' })]);
    expect(await within(card).findByText(`€123.45 will be collected by direct debit on 7 December 2026 from ${MASKED} (mandate ${REFERENCE}).`)).toBeInTheDocument();
  });

  it('is no longer told once its day has passed', async () => {
    const card = await dashboard([active], [annaDebit({ collectionDate: '2026-12-06', status: 'filed' })]);
    expect(await within(card).findByText(`The amount due will be collected by direct debit from ${MASKED}. You will be told the amount and date beforehand.`)).toBeInTheDocument();
    expect(within(card).queryByText(/on 6 December 2026/)).not.toBeInTheDocument();
  });
});

describe('a returned debit on the dashboard', () => {
  it('says the bank returned it and why, and asks for a transfer with the details in view', async () => {
    const card = await dashboard([active], [annaDebit({ id: 'R20261001AAAAAAAA-0001', collectionDate: '2026-10-01', status: 'filed' }), returned('AM04')]);
    expect(await within(card).findByText('The bank returned the debit of 21 December 2026 (reason: insufficient funds). Please pay by transfer.')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
    expect(within(card).queryByText('Pay by transfer instead')).not.toBeInTheDocument();
    expect(within(card).queryByText(/will be collected by direct debit/)).not.toBeInTheDocument();
  });

  it.each([
    ['AC04', 'en', 'The bank returned the debit of 21 December 2026 (reason: account closed). Please pay by transfer.'],
    ['MS02', 'en', 'The bank returned the debit of 21 December 2026 (reason: refused by the account holder). Please pay by transfer.'],
    ['AC01', 'en', 'The bank returned the debit of 21 December 2026 (reason: reason code AC01). Please pay by transfer.'],
    ['AM04', 'de', 'Die Bank hat die Lastschrift vom 21. Dezember 2026 zurückgegeben (Grund: keine Deckung). Bitte überweisen Sie den Betrag.'],
    ['RR04', 'de', 'Die Bank hat die Lastschrift vom 21. Dezember 2026 zurückgegeben (Grund: Rückgabegrund RR04). Bitte überweisen Sie den Betrag.'],
    ['AC04', 'ru', 'Банк вернул списание от 21 декабря 2026 г. (причина: счёт закрыт). Пожалуйста, оплатите переводом.'],
  ] as const)('names reason %s in %s', async (reason, language, text) => {
    const card = await dashboard([active], [returned(reason)], language);
    expect(await within(card).findByText(text)).toBeInTheDocument();
  });
});

describe('a paused mandate on the dashboard', () => {
  const paused = { ...active, status: 'suspended' as const };

  it('never says the amount will be collected: the return, the transfer, and the way to confirm the mandate', async () => {
    const card = await dashboard([paused], [returned('MD01')]);
    expect(await within(card).findByText('The bank returned the debit of 21 December 2026 (reason: no valid mandate). Please pay by transfer.')).toBeInTheDocument();
    expect(within(card).getByText('Direct debit is paused: nothing is collected until you confirm your mandate.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Confirm your mandate' })).toHaveAttribute('href', '/family');
    expect(within(card).getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
    expect(within(card).queryByText(/will be collected/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Pay by direct debit' })).not.toBeInTheDocument();
  });

  it('never tells an announced collection under it either', async () => {
    const card = await dashboard([paused], [annaDebit()], 'de');
    expect(await within(card).findByText('Die Lastschrift ist ausgesetzt: Es wird nichts eingezogen, bis Sie Ihr Mandat bestätigen.')).toBeInTheDocument();
    expect(within(card).queryByText(/eingezogen \(Mandat/)).not.toBeInTheDocument();
  });
});

describe('while the direct debit is read, or when it cannot be', () => {
  it('shows the transfer details and nothing broken when the read fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('en');
    store.readDirectDebit.mockRejectedValue(new Error('offline'));
    render(
      <MemoryRouter>
        <DirectDebitProvider>
          <FinancialStatusCard member={annaMember} withDirectDebit />
        </DirectDebitProvider>
      </MemoryRouter>,
    );
    const card = screen.getByRole('region', { name: 'Financial status' });
    // Loading: the transfer, at once.
    expect(within(card).getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith('Loading the direct debit failed', expect.any(Error)));
    expect(within(card).getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });
});
