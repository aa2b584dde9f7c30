// @vitest-environment jsdom
import type { MandateView } from '@family-portal/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { AuthContext } from '../../auth/AuthProvider';
import { AmountDue } from '../../components/AmountDue';
import { DirectDebitProvider } from '../../data/useDirectDebit';
import i18n from '../../i18n';
import { annaMandate, annaMember } from '../../test/fixtures';
import { DirectDebitCard } from './DirectDebitCard';
import { mandateDocument, mandateFileName } from './mandateDocument';

const api = vi.hoisted(() => ({ giveMandate: vi.fn(), revokeMandate: vi.fn() }));
vi.mock('../../api/mandates', () => api);
const auth = vi.hoisted(() => ({ confirmPassword: vi.fn() }));
vi.mock('../../auth/authActions', () => auth);
const store = vi.hoisted(() => ({ readDirectDebit: vi.fn() }));
vi.mock('../../data/firebase', () => ({ familyStore: async () => store }));
// The transfer's QR code is drawn in a Web Worker, which jsdom lacks (SepaPayment.test.tsx draws it).
vi.mock('../../lib/qrCode', () => ({ drawQrCode: () => () => undefined }));

const active = annaMandate({ signedAt: '2026-12-06T09:30:00.000Z' });
const user = { uid: 'u', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };

function show(member = annaMember, path = '/family') {
  render(
    <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => null }}>
      <MemoryRouter initialEntries={[path]}>
        <DirectDebitProvider>
          <DirectDebitCard member={member} />
        </DirectDebitProvider>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}
const form = () => screen.getByRole('dialog');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.giveMandate.mockReset();
  api.revokeMandate.mockReset();
  auth.confirmPassword.mockReset().mockResolvedValue(undefined);
  store.readDirectDebit.mockReset().mockResolvedValue({ offered: true, mandates: [], debits: [] });
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-06T10:00:00Z') });
});
afterEach(() => vi.useRealTimers());

describe('the direct debit card', () => {
  it('is not there where the school offers no direct debit', async () => {
    store.readDirectDebit.mockResolvedValue({ offered: false, mandates: [], debits: [] });
    show();
    await waitFor(() => expect(store.readDirectDebit).toHaveBeenCalledWith('M0001'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Direct debit' })).not.toBeInTheDocument());
  });

  it('shows the active mandate masked, who gave it and when, with change, stop and copy', async () => {
    store.readDirectDebit.mockResolvedValue({ offered: true, mandates: [active], debits: [] });
    show();
    expect(await screen.findByText('Direct debit from DE•• •••• •••• •••• ••30 00')).toBeInTheDocument();
    expect(screen.getByText('MNDT-M0001-A1B2C3D4E5F6')).toBeInTheDocument();
    expect(screen.getByText('6 December 2026 by anna.mueller@example.com')).toBeInTheDocument();
    for (const name of ['Change bank account', 'Stop direct debit', 'Download a copy (PDF)']) expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it('lets a family whose membership ended stop its mandate, but give or change none', async () => {
    store.readDirectDebit.mockResolvedValue({ offered: true, mandates: [active], debits: [] });
    show({ ...annaMember, status: 'inactive' });
    expect(await screen.findByRole('button', { name: 'Stop direct debit' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Change bank account' })).not.toBeInTheDocument();
  });

  it('says when it failed to load and reads again on Retry', async () => {
    store.readDirectDebit.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your direct debit could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay by direct debit' })).toBeInTheDocument();
  });
});

describe('giving a mandate', () => {
  it('checks the form before anything is sent, in the reader\'s language', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by direct debit' }));
    const dialog = form();
    const holder = within(dialog).getByLabelText('Account holder');
    expect(holder).toHaveValue('Anna Müller');
    await userEvent.clear(holder);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the account holder.');
    expect(holder).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(holder, '<b>Anna</b>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The account holder may not contain < or >.');
    await userEvent.clear(holder);
    await userEvent.type(holder, 'Anna Müller');
    await userEvent.type(within(dialog).getByLabelText('IBAN'), 'DE88 3704 0044 0532 0130 00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This IBAN is not valid.');
    await userEvent.clear(within(dialog).getByLabelText('IBAN'));
    await userEvent.type(within(dialog).getByLabelText('IBAN'), 'BR18 0036 0305 0000 1000 9795 493C 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('outside the SEPA area');
    expect(api.giveMandate).not.toHaveBeenCalled();
  });

  it('asks for the BIC only for an account outside the EEA', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by direct debit' }));
    const dialog = form();
    await userEvent.type(within(dialog).getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 00');
    expect(within(dialog).queryByLabelText('BIC')).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('IBAN'));
    await userEvent.type(within(dialog).getByLabelText('IBAN'), 'CH93 0076 2011 6238 5295 7');
    expect(within(dialog).getByLabelText('BIC')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('I give this SEPA direct debit mandate.'));
    await userEvent.type(within(dialog).getByLabelText('Your password, to confirm it is you'), 'secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Accounts outside the EEA also need the BIC.');
    expect(api.giveMandate).not.toHaveBeenCalled();
  });

  it('shows the Latin form the bank will see for a name in Cyrillic', async () => {
    show({ ...annaMember, primaryName: 'Ольга Петрова' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by direct debit' }));
    expect(await within(form()).findByText('Your bank will see the name as “Olga Petrova”. If your bank spells it differently, type it above as the bank does.')).toBeInTheDocument();
  });

  it('shows the mandate text with the creditor, its identifier and the reference, then sends the form once and shows the mandate', async () => {
    const given = { ...active, id: 'MNDT-M0001-NEW' };
    api.giveMandate.mockResolvedValue(given);
    store.readDirectDebit.mockResolvedValueOnce({ offered: true, mandates: [], debits: [] }).mockResolvedValue({ offered: true, mandates: [given], debits: [] });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by direct debit' }));
    const dialog = form();
    const text = within(dialog).getByRole('region', { name: 'SEPA Direct Debit Mandate' });
    expect(text).toHaveTextContent('Type of payment: recurrent payments');
    expect(text).toHaveTextContent('Creditor: Schulverein Lindenhof e.V., Lindenstraße 1, 12345 Musterstadt');
    expect(text).toHaveTextContent('Creditor identifier: DE98ZZZ09999999999');
    expect(text).toHaveTextContent(/Mandate reference: MNDT-M0001-[0-9A-F]{24}/);
    expect(text).toHaveTextContent('within 8 weeks starting from the date on which your account was debited');
    expect(text).toHaveTextContent('at least 14 calendar days in advance');
    expect(text).toHaveTextContent('Date: 6 December 2026');
    expect(text).toHaveTextContent('only the German text is legally binding');
    await userEvent.type(within(dialog).getByLabelText('IBAN'), ' de89 3704 0044 0532 0130 00 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tick the box to give the mandate.');
    await userEvent.click(within(dialog).getByLabelText('I give this SEPA direct debit mandate.'));
    await userEvent.type(within(dialog).getByLabelText('Your password, to confirm it is you'), 'secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(auth.confirmPassword).toHaveBeenCalledWith('secret123');
    const attempt = /MNDT-M0001-([0-9A-F]{24})/.exec(text.textContent ?? '')?.[1] ?? 'none shown';
    expect(api.giveMandate).toHaveBeenCalledWith({ attempt: expect.stringMatching(/^[0-9a-f]{32}$/), accountHolder: 'Anna Müller', iban: ' de89 3704 0044 0532 0130 00 ', agreed: true, language: 'en' });
    expect(api.giveMandate.mock.calls[0]![0].attempt.toUpperCase().startsWith(attempt)).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Direct debit is set up: mandate MNDT-M0001-NEW. A confirmation is on its way to anna.mueller@example.com.');
    expect(screen.getByText('Direct debit from DE•• •••• •••• •••• ••30 00')).toBeInTheDocument();
  });

  it('asks for the password again when the function wants a fresh sign-in, and keeps the form', async () => {
    api.giveMandate.mockRejectedValue(new ApiError('Enter your password again to give the mandate.', 401, 'recent-sign-in-required'));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by direct debit' }));
    const dialog = form();
    await userEvent.type(within(dialog).getByLabelText('IBAN'), 'DE89370400440532013000');
    await userEvent.click(within(dialog).getByLabelText('I give this SEPA direct debit mandate.'));
    await userEvent.type(within(dialog).getByLabelText('Your password, to confirm it is you'), 'secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give mandate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('For your security, please enter your password again.');
    expect(within(dialog).getByLabelText('IBAN')).toHaveValue('DE89370400440532013000');
  });

  it('opens the form from the dashboard link, in German', async () => {
    await i18n.changeLanguage('de');
    show(annaMember, '/family?directDebit=give');
    expect(await screen.findByRole('dialog', { name: 'Per Lastschrift zahlen' })).toBeInTheDocument();
    expect(within(form()).getByRole('region', { name: 'SEPA-Lastschriftmandat' })).toHaveTextContent('Ich ermächtige Schulverein Lindenhof e.V., Zahlungen von meinem Konto mittels Lastschrift einzuziehen.');
  });
});

describe('changing and stopping', () => {
  it('says the new mandate replaces the active one', async () => {
    store.readDirectDebit.mockResolvedValue({ offered: true, mandates: [active], debits: [] });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Change bank account' }));
    expect(within(screen.getByRole('dialog', { name: 'Change bank account' })).getByText(/replaces mandate MNDT-M0001-A1B2C3D4E5F6 \(DE•• •••• •••• •••• ••30 00\) as soon as you confirm/)).toBeInTheDocument();
  });

  it('says from when nothing is collected, stops it, and never shows it as active again', async () => {
    const stopped = { ...active, status: 'revoked' as const, revokedAt: '2026-12-06T10:00:00.000Z' };
    store.readDirectDebit.mockResolvedValueOnce({ offered: true, mandates: [active], debits: [] }).mockResolvedValue({ offered: true, mandates: [stopped], debits: [] });
    api.revokeMandate.mockResolvedValue(stopped);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop direct debit' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop direct debit?' });
    expect(dialog).toHaveTextContent('From the moment you confirm, Schulverein Lindenhof e.V. collects nothing more from DE•• •••• •••• •••• ••30 00 under mandate MNDT-M0001-A1B2C3D4E5F6.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop direct debit' }));
    expect(api.revokeMandate).toHaveBeenCalledWith('MNDT-M0001-A1B2C3D4E5F6', 'en');
    expect(await screen.findByRole('status')).toHaveTextContent('Direct debit stopped as of 6 December 2026: nothing more will be collected from this account.');
    expect(screen.queryByText('Direct debit from DE•• •••• •••• •••• ••30 00')).not.toBeInTheDocument();
    expect(screen.getByText('MNDT-M0001-A1B2C3D4E5F6 (DE•• •••• •••• •••• ••30 00): stopped on 6 December 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay by direct debit' })).toBeInTheDocument();
  });
});

describe('the dashboard amount due', () => {
  const due = (mandates: MandateView[], offered = true) => {
    store.readDirectDebit.mockResolvedValue({ offered, mandates, debits: [] });
    render(
      <MemoryRouter>
        <DirectDebitProvider>
          <AmountDue member={annaMember} amount={120.5} />
        </DirectDebitProvider>
      </MemoryRouter>,
    );
  };

  it('says the amount will be collected, with the transfer details one tap away', async () => {
    due([active]);
    expect(await screen.findByText('The amount due will be collected by direct debit from DE•• •••• •••• •••• ••30 00. You will be told the amount and date beforehand.')).toBeInTheDocument();
    expect(screen.getByText('Pay by transfer instead').closest('details')).not.toHaveAttribute('open');
  });

  it('offers direct debit to a family without a mandate, beside the transfer', async () => {
    due([]);
    expect(await screen.findByRole('link', { name: 'Pay by direct debit' })).toHaveAttribute('href', '/family?directDebit=give');
  });

  it('shows only the transfer where the school offers no direct debit', async () => {
    due([], false);
    await waitFor(() => expect(store.readDirectDebit).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Pay by direct debit' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pay by transfer instead')).not.toBeInTheDocument();
  });
});

describe('the copy of the mandate', () => {
  it('carries the mandate text, the masked IBAN and who gave it, in the reader\'s language', async () => {
    await i18n.changeLanguage('ru');
    const document = mandateDocument({ mandate: active, creditor: { name: 'Schulverein Lindenhof e.V.', address: 'Lindenstraße 1', id: 'DE98ZZZ09999999999' }, signedOn: '6 декабря 2026 г.', t: i18n.t });
    const text = JSON.stringify(document.content);
    for (const part of ['Мандат SEPA на прямое дебетование', 'DE98ZZZ09999999999', 'MNDT-M0001-A1B2C3D4E5F6', 'DE•• •••• •••• •••• ••30 00', 'anna.mueller@example.com', 'в течение восьми недель', 'Статус: действует']) expect(text).toContain(part);
    expect(text).not.toContain('DE89370400440532013000');
    expect(mandateFileName(i18n.t, active.id)).toBe('SEPA-mandat-MNDT-M0001-A1B2C3D4E5F6.pdf');
  });
});
