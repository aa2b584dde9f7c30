// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import AuthActionPage from './AuthActionPage';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/action" element={<AuthActionPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => i18n.changeLanguage('en'));

describe('the e-mail action URL', () => {
  it.each([
    ['verifyEmail', '/verify-email'],
    ['resetPassword', '/reset-password'],
  ])('hands mode=%s to %s with the whole query', (mode, path) => {
    renderAt(`/auth/action?mode=${mode}&oobCode=abc123&apiKey=key&lang=de`);
    expect(screen.getByTestId('where')).toHaveTextContent(`${path}?mode=${mode}&oobCode=abc123&apiKey=key&lang=de`);
  });

  it('explains a recoverEmail link instead of applying it', async () => {
    renderAt('/auth/action?mode=recoverEmail&oobCode=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Your e-mail address stays as it is' })).toBeInTheDocument();
    expect(screen.getByText(/the school office keeps your address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['an unknown mode', '/auth/action?mode=signIn&oobCode=abc'],
    ['no code', '/auth/action?mode=resetPassword'],
    ['nothing', '/auth/action'],
  ])('says a link with %s cannot be used', (_what, url) => {
    renderAt(url);
    expect(screen.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });
});
