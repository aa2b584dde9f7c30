// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import ForgotPasswordPage from './ForgotPasswordPage';

const actions = vi.hoisted(() => ({ sendResetEmail: vi.fn() }));
vi.mock('../../auth/authActions', async (original) => ({ ...(await original<object>()), ...actions }));

function renderAt(search: string) {
  render(
    <MemoryRouter initialEntries={[`/forgot-password${search}`]}>
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('forgot-password page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    actions.sendResetEmail.mockReset().mockResolvedValue(undefined);
  });

  it("opened from an invitation to an address with an unverified account, has the address filled in and sends the reset there", async () => {
    // The link of functions/src/office/invitationMail.ts (resetLink).
    renderAt('?email=eve%2Bkids%40example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('eve+kids@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(actions.sendResetEmail).toHaveBeenCalledWith('eve+kids@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  });

  it('starts empty without an address in the link', () => {
    renderAt('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
