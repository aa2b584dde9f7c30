// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/AuthProvider';
import i18n from '../../i18n';
import VerifyEmailPage from './VerifyEmailPage';

const actions = vi.hoisted(() => ({ applyVerificationCode: vi.fn(), resendVerification: vi.fn(), signOut: vi.fn() }));
vi.mock('../../auth/authActions', () => actions);

const unverified = { uid: 'u', email: 'anna.mueller@example.com', emailVerified: false, displayName: null, photoURL: null, isAdmin: false };

/** Stands in for the login page: shows where it was asked to return to. */
function LoginStandIn() {
  const state = useLocation().state as { from?: string } | null;
  return <p>login, then back to {state?.from ?? 'nowhere'}</p>;
}

function renderAt(url: string, user: typeof unverified | null) {
  render(
    <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => user }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/login" element={<LoginStandIn />} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  actions.applyVerificationCode.mockReset().mockRejectedValue(Object.assign(new Error('expired'), { code: 'auth/expired-action-code' }));
  actions.resendVerification.mockReset().mockResolvedValue(undefined);
  actions.signOut.mockReset().mockResolvedValue(undefined);
});

describe('verify-email page, error state', () => {
  it('offers to resend the e-mail to a signed-in user whose link failed', async () => {
    renderAt('/verify-email?mode=verifyEmail&oobCode=expired', unverified);
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('The link is invalid, expired or already used. Send yourself a new one.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(actions.resendVerification).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeInTheDocument();
  });

  it('says to sign in first when nobody is signed in, and leads back to the login', async () => {
    renderAt('/verify-email?mode=verifyEmail&oobCode=expired', null);
    expect(await screen.findByText('The link is invalid, expired or already used. Sign in and send a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to login' })).toBeInTheDocument();
  });
});

describe('verify-email page, a link that needs its own account signed in', () => {
  it('asks a signed-out visitor to sign in as the link\'s account, then comes back to the link', async () => {
    actions.applyVerificationCode.mockResolvedValue({ status: 'sign-in-required', email: 'anna.mueller@example.com' });
    renderAt('/verify-email?mode=verifyEmail&oobCode=good', null);
    expect(await screen.findByText('Sign in to confirm your address')).toBeInTheDocument();
    expect(screen.queryByText('Email verified')).not.toBeInTheDocument();
    expect(screen.getByText(/reset proves that the mailbox is yours/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as anna.mueller@example.com' }));
    expect(await screen.findByText('login, then back to /verify-email?mode=verifyEmail&oobCode=good')).toBeInTheDocument();
    expect(actions.signOut).not.toHaveBeenCalled();
  });

  it('tells a user signed in with another address whose link it is, and signs them out to switch', async () => {
    actions.applyVerificationCode.mockResolvedValue({ status: 'other-account', email: 'olga.petrova@example.com' });
    renderAt('/verify-email?mode=verifyEmail&oobCode=good', unverified);
    expect(await screen.findByText('This link is for another account')).toBeInTheDocument();
    expect(screen.getByText('This link confirms olga.petrova@example.com, but you are signed in as anna.mueller@example.com. Sign in as olga.petrova@example.com to confirm it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to dashboard' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as olga.petrova@example.com' }));
    expect(actions.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('login, then back to /verify-email?mode=verifyEmail&oobCode=good')).toBeInTheDocument();
  });

  it('verifies the signed-in account\'s own link', async () => {
    actions.applyVerificationCode.mockResolvedValue({ status: 'verified' });
    renderAt('/verify-email?mode=verifyEmail&oobCode=good', unverified);
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
  });
});
