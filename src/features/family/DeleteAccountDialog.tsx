/**
 * Deleting the portal account asks who is there: the password again, checked by Auth, so that a
 * session left open on a shared computer is not enough (the function also requires a sign-in
 * within the last 5 minutes). The dialog says what stays before the parent confirms.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { apiErrorKey } from '../../api/errorMessages';
import { deleteMyAccount } from '../../api/members';
import { confirmPassword } from '../../auth/authActions';
import { signInErrorKey } from '../../auth/authErrors';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { inputClass } from '../../components/PublicLayout';

interface Props {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteAccountDialog({ open, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordId = useId();

  useEffect(() => {
    if (!open) return;
    setPassword('');
    setError(null);
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t('family.data.passwordRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await confirmPassword(password);
    } catch (caught) {
      setBusy(false);
      setError(t(signInErrorKey(caught)));
      return;
    }
    try {
      await deleteMyAccount();
    } catch (caught) {
      setBusy(false);
      setError(t(caught instanceof ApiError && caught.code === 'recent-sign-in-required' ? 'family.data.passwordAgain' : apiErrorKey(caught)));
      return;
    }
    onDeleted();
  }

  return (
    <Modal open={open} title={t('family.data.deleteTitle')} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-3 text-sm">
        <p className="text-slate-700">{t('family.data.deleteMessage')}</p>
        <div>
          <label htmlFor={passwordId} className="font-medium text-slate-800">
            {t('family.data.password')}
          </label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('family.data.keep')}
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60">
            {t(busy ? 'family.data.deleting' : 'family.data.deleteConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
