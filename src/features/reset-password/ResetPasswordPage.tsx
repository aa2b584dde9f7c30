import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ParseKeys } from 'i18next';
import { paths, queryParams } from '../../routing/paths';
import { resetCodeErrorKey, resetConfirmErrorKey } from '../../auth/authErrors';
import { confirmReset, verifyResetCode } from '../../auth/authActions';
import { passwordTextValues, validateNewPassword } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { inputClass, primaryButtonClass, PublicLayout, secondaryButtonClass } from '../../components/PublicLayout';

type State = { name: 'verifying' } | { name: 'invalid'; reason: ParseKeys } | { name: 'form'; email: string } | { name: 'success' };
export const REDIRECT_AFTER_RESET_MS = 2000;

/** The reset link's landing page: verifying, invalid link, new-password form, success. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get(queryParams.mode) === 'resetPassword' ? params.get(queryParams.oobCode) : null;
  const [state, setState] = useState<State>(code ? { name: 'verifying' } : { name: 'invalid', reason: 'auth.errors.invalidOrMissingCode' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<ParseKeys | null>(null);
  const [saving, setSaving] = useState(false);
  const passwordId = useId();
  const confirmationId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!code) return;
    verifyResetCode(code).then(
      (email) => setState({ name: 'form', email }),
      (caught: unknown) => setState({ name: 'invalid', reason: resetCodeErrorKey(caught) }),
    );
  }, [code]);

  useEffect(() => {
    if (state.name !== 'success') return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [state.name, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = code ? validateNewPassword(password, confirmation) : 'auth.errors.invalidResetCode';
    setError(invalid);
    if (invalid || !code) return;
    setSaving(true);
    try {
      await confirmReset(code, password);
      setState({ name: 'success' });
    } catch (caught) {
      setError(resetConfirmErrorKey(caught));
    } finally {
      setSaving(false);
    }
  }

  if (state.name === 'verifying') {
    return (
      <PublicLayout title={t('reset.title')}>
        <Alert tone="info">{t('reset.verifying')}</Alert>
      </PublicLayout>
    );
  }
  if (state.name === 'invalid') {
    return (
      <PublicLayout title={t('reset.invalidTitle')}>
        <Alert tone="error">{t(state.reason)}</Alert>
        <button type="button" className={primaryButtonClass} onClick={() => navigate(paths.forgotPassword)}>
          {t('reset.requestNewLink')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => navigate(paths.login)}>
          {t('common.backToLogin')}
        </button>
      </PublicLayout>
    );
  }
  if (state.name === 'success') {
    return (
      <PublicLayout title={t('reset.successTitle')}>
        <Alert tone="success">{t('reset.successText')}</Alert>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={t('reset.title')}>
      <p className="text-slate-700">{t('reset.forEmail', { email: state.email })}</p>
      <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div>
          <label htmlFor={passwordId} className="text-sm font-medium text-slate-800">
            {t('reset.newPassword')}
          </label>
          <input id={passwordId} type="password" autoComplete="new-password" aria-describedby={hintId} value={password}
            onChange={(e) => setPassword(e.target.value)} className={inputClass} />
          <p id={hintId} className="mt-1 text-xs text-slate-600">{t('auth.passwordHint', passwordTextValues)}</p>
        </div>
        <div>
          <label htmlFor={confirmationId} className="text-sm font-medium text-slate-800">
            {t('reset.confirmPassword')}
          </label>
          <input id={confirmationId} type="password" autoComplete="new-password" value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)} className={inputClass} />
        </div>
        {error && <Alert tone="error">{t(error, passwordTextValues)}</Alert>}
        <button type="submit" className={primaryButtonClass} disabled={saving}>
          {t(saving ? 'reset.saving' : 'reset.submit')}
        </button>
      </form>
    </PublicLayout>
  );
}
