import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { resendVerification } from './authActions';
import { useAuth } from './AuthProvider';
import { paths } from '../routing/paths';

/** Shown above the content to a signed-in user whose e-mail is not verified yet. */
export function VerificationBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  if (!user || user.emailVerified) return null;

  async function resend() {
    setStatus('sending');
    try {
      await resendVerification();
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  }

  return (
    <section aria-label={t('banner.title')} className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3">
        <p className="grow">
          <strong>{t('banner.title')}</strong> {t('banner.text')}
        </p>
        <Link to={paths.verifyEmail} className="rounded-md bg-amber-700 px-3 py-1.5 font-semibold text-white hover:bg-amber-800">
          {t('banner.verifyNow')}
        </Link>
        <button type="button" onClick={resend} disabled={status === 'sending'}
          className="rounded-md border border-amber-700 px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60">
          {t('banner.resend')}
        </button>
        {status === 'sent' && <p role="status" className="w-full">{t('verify.sent')}</p>}
        {status === 'failed' && <p role="alert" className="w-full">{t('verify.sendFailed')}</p>}
      </div>
    </section>
  );
}
