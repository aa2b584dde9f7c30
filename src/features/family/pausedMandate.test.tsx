// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { AuthContext } from '../../auth/AuthProvider';
import { DirectDebitProvider } from '../../data/useDirectDebit';
import i18n from '../../i18n';
import { annaDebit, annaMandate, annaMember } from '../../test/fixtures';
import { DirectDebitCard } from './DirectDebitCard';

const api = vi.hoisted(() => ({ giveMandate: vi.fn(), revokeMandate: vi.fn(), confirmMandate: vi.fn() }));
vi.mock('../../api/mandates', () => api);
const store = vi.hoisted(() => ({ readDirectDebit: vi.fn() }));
vi.mock('../../data/firebase', () => ({ familyStore: async () => store }));

const MASKED = 'DE•• •••• •••• •••• ••30 00';
const REFERENCE = 'MNDT-M0001-A1B2C3D4E5F6';
const active = annaMandate();
const paused = annaMandate({ status: 'suspended' });
const returned = annaDebit({ id: 'R20261201A1B2C3D4-0001', runId: 'R20261201A1B2C3D4', collectionDate: '2026-12-01', status: 'returned', returnReason: 'MD01' });
const user = { uid: 'u', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };
const PAUSED_TEXT = 'Direct debit is paused: your bank returned a debit. Nothing is collected until you confirm your mandate.';

async function familyPage(member = annaMember) {
  render(
    <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => null }}>
      <MemoryRouter initialEntries={['/family']}>
        <DirectDebitProvider>
          <DirectDebitCard member={member} />
        </DirectDebitProvider>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  const card = screen.getByRole('region', { name: i18n.t('family.directDebit.title') });
  await within(card).findByText(`${i18n.t('family.directDebit.activeFrom', { iban: MASKED })}`);
  return card;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const call of Object.values(api)) call.mockReset();
  store.readDirectDebit.mockReset().mockResolvedValue({ offered: true, mandates: [paused], debits: [returned] });
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-07T10:00:00Z') });
});
afterEach(() => vi.useRealTimers());

describe('a paused mandate on the family page', () => {
  it('says why nothing is collected, and keeps confirm, change and stop at hand', async () => {
    const card = await familyPage();
    expect(within(card).getByText(PAUSED_TEXT)).toBeInTheDocument();
    expect(within(card).getByText(REFERENCE)).toBeInTheDocument();
    for (const name of ['Confirm mandate', 'Change bank account', 'Stop direct debit', 'Download a copy (PDF)']) expect(within(card).getByRole('button', { name })).toBeEnabled();
    // It is the family's current mandate, not an earlier one.
    expect(within(card).queryByRole('heading', { name: 'Earlier mandates' })).not.toBeInTheDocument();
  });

  it('says it in German', async () => {
    await i18n.changeLanguage('de');
    const german = await familyPage();
    expect(within(german).getByText('Die Lastschrift ist ausgesetzt: Ihre Bank hat eine Lastschrift zurückgegeben. Es wird nichts eingezogen, bis Sie Ihr Mandat bestätigen.')).toBeInTheDocument();
    expect(within(german).getByRole('button', { name: 'Mandat bestätigen' })).toBeEnabled();
  });

  it('says it in Russian', async () => {
    await i18n.changeLanguage('ru');
    const russian = await familyPage();
    expect(within(russian).getByText('Прямое дебетование приостановлено: ваш банк вернул списание. Ничего не списывается, пока вы не подтвердите мандат.')).toBeInTheDocument();
    expect(within(russian).getByRole('button', { name: 'Подтвердить мандат' })).toBeEnabled();
  });

  it('is confirmed: the function is asked once, the card says so and shows the mandate active again', async () => {
    api.confirmMandate.mockResolvedValue(active);
    store.readDirectDebit.mockResolvedValueOnce({ offered: true, mandates: [paused], debits: [returned] }).mockResolvedValue({ offered: true, mandates: [active], debits: [returned] });
    const card = await familyPage();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm mandate' }));
    expect(api.confirmMandate).toHaveBeenCalledTimes(1);
    expect(api.confirmMandate).toHaveBeenCalledWith(REFERENCE);
    expect(await within(card).findByRole('status')).toHaveTextContent(`Mandate ${REFERENCE} is confirmed: direct debit from ${MASKED} resumes.`);
    expect(within(card).queryByText(PAUSED_TEXT)).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Confirm mandate' })).not.toBeInTheDocument();
    expect(within(card).getByText(`Direct debit from ${MASKED}`)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Stop direct debit' })).toBeEnabled();
  });

  it('says clearly when confirming failed, and stays paused so that the parent can try again', async () => {
    api.confirmMandate.mockRejectedValueOnce(new ApiError('AppSheet is down', 503, 'appsheet-failed')).mockResolvedValue(active);
    const card = await familyPage();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm mandate' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The school office\'s system could not be updated. Nothing was changed; please try again later.');
    expect(within(card).getByText(PAUSED_TEXT)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm mandate' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(`Mandate ${REFERENCE} is confirmed`);
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('claims no confirmation when the function\'s answer still has the mandate paused', async () => {
    api.confirmMandate.mockResolvedValue(paused);
    const card = await familyPage();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm mandate' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something went wrong on the server. Please try again.');
    expect(within(card).getByRole('status')).toBeEmptyDOMElement();
    expect(within(card).getByText(PAUSED_TEXT)).toBeInTheDocument();
  });

  it('reads the mandate again when the function finds it no longer paused', async () => {
    api.confirmMandate.mockRejectedValue(new ApiError('This mandate is not paused.', 409, 'conflict'));
    store.readDirectDebit.mockResolvedValueOnce({ offered: true, mandates: [paused], debits: [returned] }).mockResolvedValue({ offered: true, mandates: [active], debits: [returned] });
    const card = await familyPage();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm mandate' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('This mandate is no longer paused. The card now shows where it stands.');
    await vi.waitFor(() => expect(within(card).queryByText(PAUSED_TEXT)).not.toBeInTheDocument());
    expect(store.readDirectDebit).toHaveBeenCalledTimes(2);
  });

  it('is replaced by a new mandate for another account', async () => {
    const card = await familyPage();
    await userEvent.click(within(card).getByRole('button', { name: 'Change bank account' }));
    expect(within(screen.getByRole('dialog', { name: 'Change bank account' })).getByText(new RegExp(`replaces mandate ${REFERENCE} \\(${MASKED}\\)`))).toBeInTheDocument();
  });

  it('offers a family whose membership ended only to stop it', async () => {
    const card = await familyPage({ ...annaMember, status: 'inactive' });
    expect(within(card).getByRole('button', { name: 'Stop direct debit' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Confirm mandate' })).not.toBeInTheDocument();
  });
});
