// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { AuthContext } from '../auth/AuthProvider';
import { AppShell } from './AppShell';

const data = vi.hoisted(() => ({ loading: true }));

// The shell's data layer reads Firestore; here it hands out one family, loading or shown.
vi.mock('../data/DataProvider', async (original) => {
  const actual = await original<typeof import('../data/DataProvider')>();
  const { familyFixture } = await import('../test/fixtures');
  return {
    ...actual,
    DataProvider: ({ children }: { children: React.ReactNode }) => (
      <actual.DataContext.Provider value={familyFixture({ loading: data.loading })}>{children}</actual.DataContext.Provider>
    ),
  };
});

const user = { uid: 'u1', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };

const shell = (loadTheRest: () => void) => (
  <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => null }}>
    <MemoryRouter>
      <AppShell loadTheRest={loadTheRest} />
    </MemoryRouter>
  </AuthContext.Provider>
);

describe('AppShell', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    data.loading = true;
  });

  it("prepares the rest of the session only once the family's data is on screen, and only once", () => {
    const loadTheRest = vi.fn();
    const { rerender } = render(shell(loadTheRest));
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' })).toHaveLength(2);
    act(() => {
      vi.runAllTimers();
    });
    expect(loadTheRest).not.toHaveBeenCalled();

    data.loading = false;
    rerender(shell(loadTheRest));
    act(() => {
      vi.runAllTimers();
    });
    expect(loadTheRest).toHaveBeenCalledOnce();

    // A refresh loads again: what was prepared stays prepared.
    data.loading = true;
    rerender(shell(loadTheRest));
    data.loading = false;
    rerender(shell(loadTheRest));
    act(() => {
      vi.runAllTimers();
    });
    expect(loadTheRest).toHaveBeenCalledOnce();
  });
});
