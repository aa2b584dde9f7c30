// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import ResetPasswordPage from './ResetPasswordPage';

const actions = vi.hoisted(() => ({ verifyResetCode: vi.fn(), confirmReset: vi.fn() }));
vi.mock('../../auth/authActions', async (original) => ({ ...(await original<object>()), ...actions }));

function renderAt(search: string) {
  render(
    <MemoryRouter initialEntries={[`/reset-password${search}`]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route path="/forgot-password" element={<h1>Forgot page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('reset-password page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    actions.verifyResetCode.mockReset().mockResolvedValue('anna@example.com');
    actions.confirmReset.mockReset().mockResolvedValue(undefined);
  });
  afterEach(() => vi.useRealTimers());

  it.each(['', '?oobCode=abc', '?mode=verifyEmail&oobCode=abc', '?mode=resetPassword'])('is an invalid link for %j', async (search) => {
    renderAt(search);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or incomplete.');
    expect(actions.verifyResetCode).not.toHaveBeenCalled();
  });

  it('shows an expired link as such, with a way to a new one', async () => {
    actions.verifyResetCode.mockRejectedValue({ code: 'auth/expired-action-code' });
    renderAt('?mode=resetPassword&oobCode=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Please request a new one.');
    await userEvent.click(screen.getByRole('button', { name: 'Request a new reset link' }));
    expect(screen.getByRole('heading', { name: 'Forgot page' })).toBeInTheDocument();
  });

  it('validates the new password, saves it, and goes to /login after 2 s', async () => {
    renderAt('?mode=resetPassword&oobCode=good');
    expect(await screen.findByText('New password for anna@example.com')).toBeInTheDocument();
    expect(screen.getByText('At least 6 characters.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Repeat the new password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password must be at least 6 characters long');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('New password'), 'abcdef');
    await user.type(screen.getByLabelText('Repeat the new password'), 'abcdeg');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'abcdef');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(actions.confirmReset).toHaveBeenCalledWith('good', 'abcdef');
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByRole('heading', { name: 'Login page' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});
