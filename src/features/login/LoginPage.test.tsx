// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { keepPaintedForm } from '../../lib/paintedForm';
import LoginPage from './LoginPage';

const actions = vi.hoisted(() => ({ signIn: vi.fn(), signUp: vi.fn() }));
vi.mock('../../auth/authActions', async (original) => ({ ...(await original<object>()), ...actions }));
const { NotAMemberError } = await import('../../auth/authActions');
const firebase = vi.hoisted(() => ({ readFamilyOnSignIn: vi.fn() }));
vi.mock('../../data/firebase', async (original) => ({ ...(await original<object>()), ...firebase }));

const parent = { uid: 'u1', email: 'anna@example.com', emailVerified: true };

function renderPage(loadForSignIn?: () => void, at: string | { pathname: string; state: unknown } = '/login') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <LoginPage loadForSignIn={loadForSignIn} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('login page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    actions.signIn.mockReset();
    actions.signUp.mockReset();
    firebase.readFamilyOnSignIn.mockReset();
  });

  it("opens an invitation's link as the sign-up form with the invited address filled in", async () => {
    const user = renderPage(undefined, '/login?mode=signup&email=eve%2Bkids%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('eve+kids@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(actions.signUp).toHaveBeenCalledWith('eve+kids@example.com', 'secret123');
  });

  it('asks for both fields, then a 6-character password, before calling anyone', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    await user.type(screen.getByLabelText('Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password must be at least 6 characters long');
    expect(actions.signIn).not.toHaveBeenCalled();
  });

  it('maps a wrong password to the invalid-credentials message, in the chosen language', async () => {
    await i18n.changeLanguage('de');
    actions.signIn.mockRejectedValue({ code: 'auth/invalid-credential' });
    const user = renderPage();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Falsche E-Mail-Adresse oder falsches Passwort');
  });

  it('toggles to sign-up and shows the not-a-member panel for a non-member', async () => {
    actions.signUp.mockRejectedValue(new NotAMemberError());
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'stranger@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email address does not belong to a member')).toBeInTheDocument();
    expect(actions.signUp).toHaveBeenCalledWith('stranger@example.com', 'secret123');
  });

  it('says "too many attempts" in Russian when the membership check answers 429', async () => {
    await i18n.changeLanguage('ru');
    actions.signUp.mockRejectedValue(new ApiError('Too many requests. Please wait a minute and try again.', 429, 'resource-exhausted'));
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: i18n.t('auth.switchToSignup') }));
    await user.type(screen.getByLabelText(i18n.t('auth.email')), 'anna@example.com');
    await user.type(screen.getByLabelText(i18n.t('auth.password'), { exact: false }), 'secret123');
    await user.click(screen.getByRole('button', { name: i18n.t('auth.signUp') }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('auth.errors.tooManyRequests'));
    expect(alert).not.toHaveTextContent('Too many requests');
  });

  it("links the 'not a member' box to the school's contact page", () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Contact the school to become a member' })).toHaveAttribute('href', expect.stringMatching(/^https?:\/\//));
    expect(screen.getByText('For parents')).toBeInTheDocument();
  });

  it('starts preparing the signed-in screens once when the parent starts typing, not when signing up', async () => {
    const loadForSignIn = vi.fn();
    const user = renderPage(loadForSignIn);
    await user.click(screen.getByRole('button', { name: i18n.t('auth.switchToSignup') }));
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(loadForSignIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: i18n.t('auth.switchToLogin') }));
    await user.type(screen.getByLabelText('Email'), 'anna');
    expect(loadForSignIn).toHaveBeenCalledOnce();
  });

  it("asks for the family's figures once signed in, when a family's screen comes next", async () => {
    const signInAs = async (account: typeof parent, at: Parameters<typeof renderPage>[1] = '/login') => {
      let signedIn!: (account: typeof parent) => void;
      actions.signIn.mockReturnValue(new Promise((resolve) => (signedIn = resolve)));
      const user = renderPage(undefined, at);
      await user.type(screen.getByLabelText('Email'), account.email);
      await user.type(screen.getByLabelText('Password'), 'secret123');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await screen.findByRole('button', { name: i18n.t('auth.signingIn') });
      await act(async () => signedIn(account));
      await screen.findByRole('button', { name: 'Sign in' });
    };
    await signInAs(parent);
    expect(firebase.readFamilyOnSignIn).toHaveBeenCalledExactlyOnceWith(parent);
    cleanup();

    // The link the sign-in interrupted: a family's screen reads the family too, the console does not.
    firebase.readFamilyOnSignIn.mockReset();
    await signInAs(parent, { pathname: '/login', state: { from: '/plans' } });
    expect(firebase.readFamilyOnSignIn).toHaveBeenCalledOnce();
    cleanup();
    firebase.readFamilyOnSignIn.mockReset();
    await signInAs(parent, { pathname: '/login', state: { from: '/admin/requests' } });
    expect(firebase.readFamilyOnSignIn).not.toHaveBeenCalled();
    cleanup();

    // An address not yet verified goes to the verification page, which reads nothing.
    await signInAs({ ...parent, emailVerified: false });
    expect(firebase.readFamilyOnSignIn).not.toHaveBeenCalled();
  });

  it('signs in on a shared computer only when the parent says so', async () => {
    actions.signIn.mockResolvedValue(parent);
    const user = renderPage();
    const shared = screen.getByRole('checkbox', { name: 'This is a shared computer' });
    expect(shared).toHaveAccessibleDescription('Nothing of your family is kept on this device. Closing or reloading the page signs you out.');
    expect(shared).not.toBeChecked();
    await user.type(screen.getByLabelText('Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(actions.signIn).toHaveBeenLastCalledWith('anna@example.com', 'secret123', { sharedComputer: false });

    await user.click(shared);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(actions.signIn).toHaveBeenLastCalledWith('anna@example.com', 'secret123', { sharedComputer: true });
  });

  it('keeps the text, focus and caret typed into the painted page when the app renders the form afresh', async () => {
    // The page as Hosting paints it (tools/prerender.ts), in English, typed into before any script.
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = renderToString(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    within(root).getByLabelText<HTMLInputElement>('Email').value = 'anna.mueller@example.com';
    const password = within(root).getByLabelText<HTMLInputElement>('Password');
    password.value = 'demo12';
    password.focus();
    password.setSelectionRange(4, 4);
    keepPaintedForm(root);

    // The app starts in German (chosen in this browser before) and replaces the painted form.
    await i18n.changeLanguage('de');
    const loadForSignIn = vi.fn();
    act(() =>
      createRoot(root).render(
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage loadForSignIn={loadForSignIn} />
        </MemoryRouter>,
      ),
    );
    const email = within(root).getByLabelText('E-Mail-Adresse');
    const newPassword = within(root).getByLabelText<HTMLInputElement>('Passwort');
    expect(newPassword).not.toBe(password);
    expect(email).toHaveValue('anna.mueller@example.com');
    expect(newPassword).toHaveValue('demo12');
    expect(newPassword).toHaveFocus();
    expect([newPassword.selectionStart, newPassword.selectionEnd]).toEqual([4, 4]);
    expect(loadForSignIn).toHaveBeenCalledOnce();

    // And the form sends what was typed.
    actions.signIn.mockResolvedValue(parent);
    await userEvent.setup().click(within(root).getByRole('button', { name: 'Anmelden' }));
    expect(actions.signIn).toHaveBeenCalledWith('anna.mueller@example.com', 'demo12', { sharedComputer: false });
    root.remove();
  });
});
