import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ParseKeys } from 'i18next';
import { loginNotices, paths, queryParams, returnPathAfterSignIn } from '../../routing/paths';
import { interruptedLink } from '../../auth/guards';
import { isNotAMemberError, signInErrorKey } from '../../auth/authErrors';
import { NotAMemberError, signIn, signUp } from '../../auth/authActions';
import { passwordTextValues, validateCredentials } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { keepNothingOnThisDevice, readFamilyOnSignIn } from '../../data/firebase';
import { adoptPaintedForm } from '../../lib/paintedForm';
import { useHydrated } from '../../lib/useHydrated';
import { inputClass, linkClass, primaryButtonClass, PublicLayout } from '../../components/PublicLayout';
import { NotAMemberBox } from './NotAMemberBox';

type Mode = 'login' | 'signup';

/**
 * Login and sign-up in one page (spec section 2). `loadForSignIn` starts loading what comes after
 * a sign-in; it is called as soon as the parent starts filling in the login form, so that the
 * seconds spent typing, not the wait after "Sign in", pay for it (and again on submit, where it
 * does nothing new).
 */
export default function LoginPage({ loadForSignIn }: { loadForSignIn?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // After "Delete my portal account" (features/family/YourDataCard): the confirmation.
  const location = useLocation();
  const accountDeleted = (location.state as { notice?: string } | null)?.notice === loginNotices.accountDeleted;
  const [mode, setMode] = useState<Mode>('login');
  const [error, setError] = useState<ParseKeys | null>(null);
  const [notAMember, setNotAMember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sharedComputer, setSharedComputer] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const sharedId = useId();
  const form = useRef<HTMLFormElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const isSignup = mode === 'signup';

  // Hosting serves this form pre-rendered (tools/prerender.ts), so it can be used before the
  // script has taken it over. Until then its button stays disabled: a native submit would reload
  // the page and lose what was typed (and Enter submits nothing without an enabled button).
  // The fields are uncontrolled: the text a parent types is the browser's until the submit reads
  // it, so no render (hydration's second pass, a language arriving) can set it back to a state
  // that had not caught up with the keys. Where React made new fields in place of the painted
  // ones, they take over the painted ones' text and focus before the next key (lib/paintedForm).
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (form.current && adoptPaintedForm(form.current)) loadForSignIn?.();
  }, [loadForSignIn]);

  // An invitation's link (functions/src/office/invitationMail.ts) opens the sign-up form with the
  // invited address. After hydration: the pre-rendered page is the sign-in form.
  const [params] = useSearchParams();
  const invitedMode = params.get(queryParams.mode);
  const invitedEmail = params.get(queryParams.email);
  useEffect(() => {
    if (invitedMode !== 'signup') return;
    setMode('signup');
    if (invitedEmail && emailInput.current && !emailInput.current.value) emailInput.current.value = invitedEmail;
  }, [invitedMode, invitedEmail]);

  // Once per visit of the form, not on every keystroke; a submit asks again (a failed load retries).
  const prepared = useRef(false);
  function prepareOnInput() {
    if (isSignup || prepared.current) return;
    prepared.current = true;
    loadForSignIn?.();
  }

  function switchMode() {
    setMode(isSignup ? 'login' : 'signup');
    setError(null);
    setNotAMember(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotAMember(false);
    const email = emailInput.current?.value ?? '';
    const password = passwordInput.current?.value ?? '';
    const invalid = validateCredentials(email, password);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSubmitting(true);
    try {
      if (isSignup) {
        await signUp(email, password);
        void navigate(paths.verifyEmail, { replace: true });
      } else {
        // The choice decides how Firestore caches, so it is made before anything opens it.
        await keepNothingOnThisDevice(sharedComputer);
        loadForSignIn?.();
        const user = await signIn(email, password, { sharedComputer });
        // The route guard takes a signed-in user on to the dashboard (or the link the sign-in
        // interrupted): a family's screen reads the family's figures, asked for from here.
        if (user.emailVerified && !returnPathAfterSignIn(interruptedLink(location.state)).startsWith(paths.admin)) readFamilyOnSignIn(user);
      }
    } catch (caught) {
      if (caught instanceof NotAMemberError || isNotAMemberError(caught)) setNotAMember(true);
      else setError(signInErrorKey(caught));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicLayout title={t(isSignup ? 'auth.signup.title' : 'auth.login.title')}>
      {accountDeleted && <Alert tone="success">{t('family.data.deleted')}</Alert>}
      <Alert tone="info" title={t('auth.parentInfoTitle')}>
        {t('auth.parentInfo')}
      </Alert>

      <form ref={form} onSubmit={submit} onInput={prepareOnInput} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div>
          <label htmlFor={emailId} className="text-sm font-medium text-slate-800">
            {t('auth.email')}
          </label>
          <input ref={emailInput} id={emailId} name="email" type="email" autoComplete="email" inputMode="email" className={inputClass} />
        </div>
        <div>
          <label htmlFor={passwordId} className="text-sm font-medium text-slate-800">
            {t('auth.password')}
          </label>
          <input ref={passwordInput} id={passwordId} name="password" type="password" autoComplete={isSignup ? 'new-password' : 'current-password'}
            className={inputClass} />
          {isSignup && <p className="mt-1 text-xs text-slate-600">{t('auth.passwordHint', passwordTextValues)}</p>}
        </div>

        {!isSignup && (
          <div className="flex items-start gap-3">
            <input id={sharedId} type="checkbox" checked={sharedComputer} aria-describedby={`${sharedId}-hint`}
              onChange={(e) => setSharedComputer(e.target.checked)} disabled={!hydrated} className="mt-1 size-4 shrink-0 accent-blue-700" />
            <div>
              <label htmlFor={sharedId} className="text-sm font-medium text-slate-800">{t('auth.sharedComputer')}</label>
              <p id={`${sharedId}-hint`} className="text-xs text-slate-600">{t('auth.sharedComputerHint')}</p>
            </div>
          </div>
        )}

        {error && <Alert tone="error">{t(error, passwordTextValues)}</Alert>}
        {notAMember && (
          <Alert tone="warning" title={t('auth.errors.notAMember')}>
            {t('auth.errors.notAMemberDescription')}
          </Alert>
        )}

        <button type="submit" className={primaryButtonClass} disabled={submitting || !hydrated}>
          {submitting ? t(isSignup ? 'auth.creatingAccount' : 'auth.signingIn') : t(isSignup ? 'auth.signUp' : 'auth.signIn')}
        </button>

        {!isSignup && (
          <p className="text-center text-sm">
            <Link to={paths.forgotPassword} className={linkClass}>
              {t('auth.forgotPassword')}
            </Link>
          </p>
        )}
      </form>

      <p className="text-center text-sm text-slate-700">
        {t(isSignup ? 'auth.haveAccount' : 'auth.noAccount')}{' '}
        {/* Before the script has taken over the pre-rendered page, a click would be lost. */}
        <button type="button" onClick={switchMode} className={linkClass} disabled={!hydrated}>
          {t(isSignup ? 'auth.switchToLogin' : 'auth.switchToSignup')}
        </button>
      </p>

      <NotAMemberBox />
    </PublicLayout>
  );
}
