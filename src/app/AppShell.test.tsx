// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { AuthContext } from '../auth/AuthProvider';
import { AppShell } from './AppShell';

const data = vi.hoisted(() => ({ loading: true, unread: 0 }));

// The shell's data layer reads Firestore; here it hands out one family, loading or shown.
vi.mock('../data/DataProvider', async (original) => {
  const actual = await original<typeof import('../data/DataProvider')>();
  const { familyFixture } = await import('../test/fixtures');
  const notice = (noticeId: string) => ({ noticeId, memberId: 'M0001', kind: 'notice' as const, sentAt: '2026-11-20T08:00:00.000Z', texts: { en: { title: 'T', body: 'B' } }, languages: ['en' as const], cancellation: null, readAt: null });
  return {
    ...actual,
    DataProvider: ({ children }: { children: React.ReactNode }) => (
      <actual.DataContexts value={familyFixture({ loading: data.loading, notices: Array.from({ length: data.unread }, (_, i) => notice(`N${i}`)) })}>{children}</actual.DataContexts>
    ),
  };
});

const user = { uid: 'u1', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };

const shell = (loadTheRest: () => void, isAdmin: boolean | null = false) => (
  <AuthContext.Provider value={{ user: { ...user, isAdmin }, loading: false, refreshUser: async () => null }}>
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
    data.unread = 0;
  });

  it('counts the unread notices on the dashboard entry of the sidebar and the bottom bar, in the name too', () => {
    data.loading = false;
    data.unread = 2;
    render(shell(vi.fn()));
    const [side, bottom] = screen.getAllByRole('navigation', { name: 'Main navigation' });
    for (const nav of [side!, bottom!]) {
      const home = within(nav).getByRole('link', { name: 'Home (2 unread notices)' });
      // The badge on screen; the name already says it to screen readers.
      expect(within(home).getByText('2')).toHaveAttribute('aria-hidden', 'true');
      expect(within(nav).getByRole('link', { name: 'Family' })).not.toHaveTextContent(/\d/);
    }
  });

  it('shows the notices and the admin record when they arrive after the figures', () => {
    data.loading = false;
    const { rerender } = render(shell(vi.fn(), null));
    const [side, bottom] = screen.getAllByRole('navigation', { name: 'Main navigation' });
    expect(within(side!).getByRole('link', { name: 'Home' })).not.toHaveTextContent(/\d/);
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();

    data.unread = 3;
    rerender(shell(vi.fn(), null));
    for (const nav of [side!, bottom!]) expect(within(within(nav).getByRole('link', { name: 'Home (3 unread notices)' })).getByText('3')).toBeVisible();

    rerender(shell(vi.fn(), true));
    // In the header, and at the end of the sidebar.
    expect(screen.getAllByRole('link', { name: 'Admin Panel' })).toHaveLength(2);
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
