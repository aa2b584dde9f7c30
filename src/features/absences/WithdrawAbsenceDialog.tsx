import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withdrawAbsence } from '../../api/notices';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import type { FamilyAbsence } from '../../domain/absences';
import { absenceErrorText } from './absenceForm';

interface Props {
  /** The absence to withdraw, with the names it is shown by; null while closed. */
  target: { absence: FamilyAbsence; child: string; dates: string; lessons: string } | null;
  onClose: () => void;
  onWithdrawn: (absence: FamilyAbsence) => void;
}

/** "Withdraw this absence?": asked first, then sent; an error is shown and nothing changes. */
export function WithdrawAbsenceDialog({ target, onClose, onWithdrawn }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = target !== null;

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  async function withdraw() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await withdrawAbsence(target.absence.id);
      onWithdrawn(target.absence);
    } catch (caught) {
      setError(absenceErrorText(t, caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title={t('absences.withdraw.title')} onClose={onClose} busy={busy}>
      {target && (
        <div className="space-y-3 text-sm">
          <p className="break-words text-slate-700">{t('absences.withdraw.text', { child: target.child, dates: target.dates, lessons: target.lessons })}</p>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- showModal() gives the focus to the autofocus element: keeping the report, the safe choice. */}
            <button type="button" autoFocus onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
              {t('absences.withdraw.keep')}
            </button>
            <button type="button" onClick={() => void withdraw()} disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
              {t(busy ? 'absences.withdraw.working' : 'absences.withdraw.confirm')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
