import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ParseKeys } from 'i18next';
import { paths, queryParams, returnPath } from '../../routing/paths';
import { interruptedLink } from '../../auth/guards';
import { VerificationBanner } from '../../auth/VerificationBanner';
import { applyVerificationCode, resendVerification, signOut } from '../../auth/authActions';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/Alert';
import { PublicLayout, primaryButtonClass, secondaryButtonClass } from '../../components/PublicLayout';

/**
 * 'sign-in' and 'other-account': the link is good but verifies only the account signed in with
 * its address (see applyVerificationCode), so the page asks for that sign-in first.
 */
type State = 'waiting' | 'verifying' | 'success' | 'error' | 'sign-in' | 'other-account';
export const REDIRECT_AFTER_VERIFICATION_MS = 1500;

/** Waiting for, and applying, the e-mail verification link (spec sections 2 and 4). */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user, refreshUser } = useAuth();
  // Where the link the guard interrupted pointed (or the dashboard).
  const next = returnPath(interruptedLink(useLocation().state));
  const code = params.get(queryParams.mode) === 'verifyEmail' ? params.get(queryParams.oobCode) : null;
  const [state, setState] = useState<State>(code ? 'verifying' : 'waiting');
  // The address the link was sent to, once read.
  const [linkEmail, setLinkEmail] = useState('');
  // This very link, to come back to after signing in.
  const link = `${paths.verifyEmail}?${params.toString()}`;
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; key: ParseKeys } | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = useRef(false);
  // A link that failed (expired, used, mistyped) calls for a new one; sending needs a signed-in,
  // still unverified user. Without one the error text says to sign in first.
  const canResend = Boolean(user && !user.emailVerified);
  const linkNeedsSignIn = state === 'sign-in' || state === 'other-account';

  // A verified, signed-in user goes on to the dashboard shortly after success.
  useEffect(() => {
    if (state !== 'success' || !user?.emailVerified) return;
    const timer = setTimeout(() => void navigate(next, { replace: true }), REDIRECT_AFTER_VERIFICATION_MS);
    return () => clearTimeout(timer);
  }, [state, user?.emailVerified, navigate, next]);

  useEffect(() => {
    if (!code || applied.current) return;
    applied.current = true; // a code works once; StrictMode must not apply it twice
    applyVerificationCode(code)
      .then(async (outcome) => {
        if (outcome.status === 'verified') {
          await refreshUser();
          setState('success');
          return;
        }
        setLinkEmail(outcome.email);
        setState(outcome.status === 'sign-in-required' ? 'sign-in' : 'other-account');
      })
      .catch(() => setState('error'));
  }, [code, refreshUser]);

  async function checkVerified() {
    setBusy(true);
    setMessage(null);
    try {
      const refreshed = await refreshUser();
      if (refreshed?.emailVerified) setState('success');
      else setMessage({ tone: 'info', key: 'auth.errors.emailNotYetVerified' });
    } catch {
      setMessage({ tone: 'error', key: 'auth.errors.failedToCheckVerification' });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setMessage(null);
    try {
      await resendVerification();
      setMessage({ tone: 'success', key: 'verify.sent' });
    } catch {
      setMessage({ tone: 'error', key: 'verify.sendFailed' });
    } finally {
      setBusy(false);
    }
  }

  async function useOtherAccount() {
    await signOut();
    void navigate(paths.login, { replace: true });
  }

  // After signing in with the link's account the login page comes back here, and the link verifies.
  async function signInForLink() {
    if (user) await signOut();
    void navigate(paths.login, { state: { from: link } });
  }

  return (
    <PublicLayout title={t('verify.title')} above={<VerificationBanner />}>
      {state === 'verifying' && <Alert tone="info">{t('verify.verifying')}</Alert>}
      {state === 'success' && <Alert tone="success" title={t('verify.successTitle')}>{t('verify.successText')}</Alert>}
      {state === 'error' && (
        <Alert tone="error" title={t('auth.errors.verificationFailed')}>{t(canResend ? 'verify.errorTextResend' : 'verify.errorText')}</Alert>
      )}
      {state === 'sign-in' && (
        <Alert tone="info" title={t('verify.signInFirstTitle')}>{t('verify.signInFirstText', { email: linkEmail })}</Alert>
      )}
      {state === 'other-account' && (
        <Alert tone="warning" title={t('verify.otherAccountTitle')}>
          {t('verify.otherAccountText', { email: linkEmail, current: user?.email ?? '' })}
        </Alert>
      )}
      {linkNeedsSignIn && <p className="text-slate-700">{t('verify.notYours')}</p>}
      {state === 'waiting' && (
        <p className="text-slate-700">{user?.email ? t('verify.waitingFor', { email: user.email }) : t('verify.waiting')}</p>
      )}
      {message && <Alert tone={message.tone}>{t(message.key)}</Alert>}

      <div className="space-y-3">
        {linkNeedsSignIn && (
          <>
            <button type="button" className={primaryButtonClass} onClick={signInForLink}>
              {t('verify.signInAs', { email: linkEmail })}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => navigate(paths.forgotPassword)}>
              {t('verify.resetPassword')}
            </button>
          </>
        )}
        {state === 'waiting' && user && (
          <>
            <button type="button" className={primaryButtonClass} onClick={checkVerified} disabled={busy}>
              {t('verify.iVerified')}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={resend} disabled={busy}>
              {t('verify.resend')}
            </button>
          </>
        )}
        {state === 'error' && canResend && (
          <button type="button" className={primaryButtonClass} onClick={resend} disabled={busy}>
            {t('verify.resend')}
          </button>
        )}
        {user && !linkNeedsSignIn && (
          <button type="button" className={state === 'success' ? primaryButtonClass : secondaryButtonClass} onClick={() => navigate(next)}>
            {t('verify.goToDashboard')}
          </button>
        )}
        {linkNeedsSignIn ? null : user ? (
          <button type="button" className={secondaryButtonClass} onClick={useOtherAccount}>
            {t('verify.differentAccount')}
          </button>
        ) : (
          <button type="button" className={secondaryButtonClass} onClick={() => navigate(paths.login)}>
            {t('common.backToLogin')}
          </button>
        )}
      </div>
    </PublicLayout>
  );
}
