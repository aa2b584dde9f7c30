// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { YourDataCard } from './YourDataCard';

const api = vi.hoisted(() => ({ exportMyData: vi.fn(), deleteMyAccount: vi.fn() }));
vi.mock('../../api/members', () => api);
const auth = vi.hoisted(() => ({ signOut: vi.fn(), confirmPassword: vi.fn() }));
vi.mock('../../auth/authActions', () => auth);

function LoginStand() {
  const state = useLocation().state as { notice?: string } | null;
  return <p>login page, notice: {state?.notice}</p>;
}

function show() {
  render(
    <MemoryRouter initialEntries={['/family']}>
      <Routes>
        <Route path="/family" element={<YourDataCard />} />
        <Route path="/login" element={<LoginStand />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.exportMyData.mockReset();
  api.deleteMyAccount.mockReset();
  auth.signOut.mockReset().mockResolvedValue(undefined);
  auth.confirmPassword.mockReset().mockResolvedValue(undefined);
});

describe('your data', () => {
  it('downloads the export as a dated JSON file', async () => {
    const data = { exportedAt: '2026-11-26T20:00:00.000Z', account: { email: 'anna@example.com', createdAt: '2026-01-02T00:00:00.000Z' }, member: { id: 'M1' } };
    api.exportMyData.mockResolvedValue(data);
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (files.push(blob as Blob), 'blob:export'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('family-portal-data-2026-11-26.json');
    expect(JSON.parse(await files[0]!.text())).toEqual(data);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says what stays before deleting, keeps the account on "Keep", and signs out to the login page after deleting', async () => {
    api.deleteMyAccount.mockResolvedValue(undefined);
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my portal account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your portal account?' });
    expect(dialog).toHaveTextContent("Your membership, your children's courses, your payments and the school office's records stay as they are");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(api.deleteMyAccount).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my portal account' }));
    await userEvent.type(within(screen.getByRole('dialog')).getByLabelText('Your password'), 'secret123');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('login page, notice: accountDeleted')).toBeInTheDocument();
    expect(auth.confirmPassword).toHaveBeenCalledWith('secret123');
    expect(api.deleteMyAccount).toHaveBeenCalledTimes(1);
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('asks for the password, and deletes nothing when it is missing or wrong', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my portal account' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your password to confirm.');
    auth.confirmPassword.mockRejectedValue(Object.assign(new Error('wrong'), { code: 'auth/invalid-credential' }));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(i18n.t('auth.errors.invalidCredentials'))).toBeInTheDocument();
    expect(api.deleteMyAccount).not.toHaveBeenCalled();
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it("says a day's limit as 'tomorrow', not 'in a minute'", async () => {
    api.deleteMyAccount.mockRejectedValue(new ApiError('too many', 429, 'resource-exhausted', 40_000));
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my portal account' }));
    await userEvent.type(within(screen.getByRole('dialog')).getByLabelText('Your password'), 'secret123');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Please try again tomorrow.');
  });

  it('shows a failed call in the language of the page and stays signed in', async () => {
    await i18n.changeLanguage('de');
    api.deleteMyAccount.mockRejectedValue(new ApiError('down', 0, 'network'));
    api.exportMyData.mockRejectedValue(new ApiError('down', 0, 'network'));
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.api.network'));
    await userEvent.click(screen.getByRole('button', { name: 'Mein Portalkonto löschen' }));
    await userEvent.type(within(screen.getByRole('dialog')).getByLabelText('Ihr Passwort'), 'secret123');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mein Konto löschen' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(i18n.t('errors.api.network'));
    expect(auth.signOut).not.toHaveBeenCalled();
  });
});
