// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { AppRoutes } from './App';
import { AuthContext, type AppUser, type AuthState } from '../auth/AuthProvider';

// The shell's data layer reads Firestore; here it hands out one family's data instead.
vi.mock('../data/DataProvider', async (original) => {
  const actual = await original<typeof import('../data/DataProvider')>();
  const { familyFixture } = await import('../test/fixtures');
  return {
    ...actual,
    DataProvider: ({ children }: { children: React.ReactNode }) => (
      <actual.DataContexts value={familyFixture()}>{children}</actual.DataContexts>
    ),
  };
});

const parent: AppUser = {
  uid: 'u1',
  email: 'anna.mueller@example.com',
  emailVerified: true,
  displayName: null,
  photoURL: null,
  isAdmin: false,
};

function renderAt(path: string, auth: Partial<AuthState> = {}) {
  const state: AuthState = { user: null, loading: false, refreshUser: async () => null, ...auth };
  return render(
    <AuthContext.Provider value={state}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

function cleanupAndRender(path: string, auth: Partial<AuthState>) {
  cleanup();
  renderAt(path, auth);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('route guard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows a loading screen while authentication resolves', () => {
    renderAt('/family', { loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it.each(['/', '/family', '/plans', '/transactions', '/book-deposits', '/admin'])('sends a signed-out visitor from %s to /login', async (path) => {
    renderAt(path);
    expect(await heading('Sign in')).toBeInTheDocument();
  });

  it.each([
    ['/transactions?transaction=P0007', 'Transactions'],
    ['/plans?child=C2', 'Plans'],
    ['/book-deposits?deposit=OP3', 'Book deposits'],
  ])('opens %s, interrupted by the sign-in, where it pointed once signed in', async (link, title) => {
    function Where() {
      const location = useLocation();
      return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
    }
    const view = (user: AppUser | null) => (
      <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => null }}>
        <MemoryRouter initialEntries={[link]}>
          <AppRoutes />
          <Where />
        </MemoryRouter>
      </AuthContext.Provider>
    );
    const { rerender } = render(view(null));
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/login$/);
    act(() => rerender(view(parent)));
    // The frame and the page load lazily: on a busy machine that takes more than a second.
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(link);
  });

  it('sends a user with an unverified e-mail to /verify-email, with the banner', async () => {
    renderAt('/family', { user: { ...parent, emailVerified: false } });
    expect(await heading('Verify your email')).toBeInTheDocument();
    expect(screen.getByText('Email verification required.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/verify-email');
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Welcome, Anna Müller!'],
    ['/family', 'Family'],
    ['/plans', 'Plans'],
    ['/transactions', 'Transactions'],
    ['/book-deposits', 'Book deposits'],
  ])('lets a verified parent open %s', async (path, title) => {
    renderAt(path, { user: parent });
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.queryByText('Email verification required.')).not.toBeInTheDocument();
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    renderAt('/login', { user: parent });
    expect(await heading('Welcome, Anna Müller!')).toBeInTheDocument();
  });

  it('opens /admin only for an admin', async () => {
    renderAt('/admin', { user: parent });
    expect(await heading('Welcome, Anna Müller!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('opens /admin for an admin, who also sees the Admin Panel link in header and sidebar', async () => {
    renderAt('/', { user: { ...parent, isAdmin: true } });
    await heading('Welcome, Anna Müller!');
    expect(screen.getAllByRole('link', { name: 'Admin Panel' }).map((link) => link.getAttribute('href'))).toEqual(['/admin', '/admin']);
    cleanupAndRender('/admin', { user: { ...parent, isAdmin: true } });
    expect(await heading('Data Sync')).toBeInTheDocument();
  });

  it('holds /admin while the admin record is being read, then opens it for an admin', async () => {
    const view = renderAt('/admin', { user: { ...parent, isAdmin: null } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { level: 1, name: 'Welcome, Anna Müller!' })).not.toBeInTheDocument();
    view.rerender(
      <AuthContext.Provider value={{ user: { ...parent, isAdmin: true }, loading: false, refreshUser: async () => null }}>
        <MemoryRouter initialEntries={['/admin']}>
          <AppRoutes />
        </MemoryRouter>
      </AuthContext.Provider>,
    );
    expect(await heading('Data Sync')).toBeInTheDocument();
  });

  it('paints the login form before Auth has reported, and moves a signed-in user on once it has', async () => {
    renderAt('/login', { loading: true });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    cleanupAndRender('/login', { user: parent });
    expect(await heading('Welcome, Anna Müller!')).toBeInTheDocument();
  });

  it('sends any other path to the dashboard', async () => {
    renderAt('/no/such/page', { user: parent });
    expect(await heading('Welcome, Anna Müller!')).toBeInTheDocument();
  });

  it.each([
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'This link cannot be used'],
  ])('shows the public page %s to anyone', async (path, title) => {
    renderAt(path);
    expect(await heading(title)).toBeInTheDocument();
  });
});

describe('shell', () => {
  it('has the five sections in the sidebar and the bottom bar; tapping the current entry scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt('/', { user: parent });
    await heading('Welcome, Anna Müller!');
    const [sidebar, bottomBar] = screen.getAllByRole('navigation', { name: 'Main navigation' });
    expect(within(sidebar!).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Family', 'Plans', 'Transactions', 'Book deposits']);
    // The bottom bar's fifths of a 320 px phone take the words that fit there.
    expect(within(bottomBar!).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Family', 'Plans', 'Payments', 'Deposits']);
    scrollTo.mockClear();
    await userEvent.click(within(bottomBar!).getByRole('link', { name: 'Home' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('signs out from the header, and only logs a failure', async () => {
    const auth = await (await import('../data/firebase')).getAuth();
    const failure = new Error('offline');
    vi.spyOn(auth, 'signOut').mockRejectedValue(failure);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/', { user: parent });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Sign-out failed', failure));
  });
});
