// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { AppRoutes } from './App';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('route table', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['/login', 'Sign in'],
    ['/verify-email', 'Verify your email'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Choose a new password'],
    ['/', 'Home'],
    ['/family', 'Family'],
    ['/plans', 'Plans'],
    ['/transactions', 'Transactions'],
    ['/book-deposits', 'Book deposits'],
    ['/admin', 'Data Sync'],
  ])('%s shows its page', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('sends any other path to the dashboard', () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });
});
