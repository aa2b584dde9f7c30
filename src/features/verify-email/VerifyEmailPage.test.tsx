// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/AuthProvider';
import i18n from '../../i18n';
import VerifyEmailPage from './VerifyEmailPage';

const actions = vi.hoisted(() => ({ applyVerificationCode: vi.fn(), resendVerification: vi.fn(), signOut: vi.fn() }));
vi.mock('../../auth/authActions', () => actions);

const unverified = { uid: 'u', email: 'anna.mueller@example.com', emailVerified: false, displayName: null, photoURL: null, isAdmin: false };

function renderAt(url: string, user: typeof unverified | null) {
  render(
    <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => user }}>
      <MemoryRouter initialEntries={[url]}>
        <VerifyEmailPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  actions.applyVerificationCode.mockReset().mockRejectedValue(Object.assign(new Error('expired'), { code: 'auth/expired-action-code' }));
  actions.resendVerification.mockReset().mockResolvedValue(undefined);
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
