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

type State = 'waiting' | 'verifying' | 'success' | 'error';
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
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; key: ParseKeys } | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = useRef(false);
  // A link that failed (expired, used, mistyped) calls for a new one; sending needs a signed-in,
  // still unverified user. Without one the error text says to sign in first.
  const canResend = Boolean(user && !user.emailVerified);

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
      .then(() => refreshUser())
      .then(() => setState('success'))
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

  return (
    <PublicLayout title={t('verify.title')} above={<VerificationBanner />}>
      {state === 'verifying' && <Alert tone="info">{t('verify.verifying')}</Alert>}
      {state === 'success' && <Alert tone="success" title={t('verify.successTitle')}>{t('verify.successText')}</Alert>}
      {state === 'error' && (
        <Alert tone="error" title={t('auth.errors.verificationFailed')}>{t(canResend ? 'verify.errorTextResend' : 'verify.errorText')}</Alert>
      )}
      {state === 'waiting' && (
        <p className="text-slate-700">{user?.email ? t('verify.waitingFor', { email: user.email }) : t('verify.waiting')}</p>
      )}
      {message && <Alert tone={message.tone}>{t(message.key)}</Alert>}

      <div className="space-y-3">
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
        {user && (
          <button type="button" className={state === 'success' ? primaryButtonClass : secondaryButtonClass} onClick={() => navigate(next)}>
            {t('verify.goToDashboard')}
          </button>
        )}
        {user ? (
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
