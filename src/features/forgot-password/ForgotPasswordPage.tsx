import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ParseKeys } from 'i18next';
import { paths, queryParams } from '../../routing/paths';
import { resetRequestErrorKey } from '../../auth/authErrors';
import { sendResetEmail } from '../../auth/authActions';
import { validateResetRequest } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { inputClass, primaryButtonClass, PublicLayout, secondaryButtonClass } from '../../components/PublicLayout';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // An invitation to an address with an unverified account links here with the address
  // (functions/src/office/invitationMail.ts): the reset proves the mailbox and takes the account over.
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get(queryParams.email) ?? '');
  const [error, setError] = useState<ParseKeys | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const emailId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateResetRequest(email);
    setError(invalid);
    if (invalid) return;
    setSending(true);
    try {
      await sendResetEmail(email);
      setSentTo(email.trim());
    } catch (caught) {
      setError(resetRequestErrorKey(caught));
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <PublicLayout title={t('forgot.successTitle')}>
        <Alert tone="success">{t('forgot.successText', { email: sentTo })}</Alert>
        <button type="button" className={primaryButtonClass} onClick={() => navigate(paths.login)}>
          {t('common.backToLogin')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => setSentTo(null)}>
          {t('forgot.sendAnother')}
        </button>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('forgot.title')}>
      <p className="text-slate-700">{t('forgot.description')}</p>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div>
          <label htmlFor={emailId} className="text-sm font-medium text-slate-800">
            {t('auth.email')}
          </label>
          <input id={emailId} type="email" autoComplete="email" inputMode="email" value={email}
            onChange={(e) => setEmail(e.target.value)} className={inputClass} />
        </div>
        {error && <Alert tone="error">{t(error)}</Alert>}
        <button type="submit" className={primaryButtonClass} disabled={sending}>
          {t(sending ? 'forgot.sending' : 'forgot.submit')}
        </button>
      </form>
      <button type="button" className={secondaryButtonClass} onClick={() => navigate(paths.login)}>
        {t('common.backToLogin')}
      </button>
    </PublicLayout>
  );
}
