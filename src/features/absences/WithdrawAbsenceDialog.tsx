import { useTranslation } from 'react-i18next';
import { withdrawAbsence } from '../../api/notices';
import { ConfirmDialog, useConfirmedAction } from '../../components/ConfirmDialog';
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
  const { busy, error, confirm } = useConfirmedAction(
    target !== null,
    async () => {
      if (!target) return;
      await withdrawAbsence(target.absence.id);
      onWithdrawn(target.absence);
    },
    (caught) => absenceErrorText(t, caught),
  );
  return (
    <ConfirmDialog open={target !== null} title={t('absences.withdraw.title')} tone="danger"
      message={target ? t('absences.withdraw.text', { child: target.child, dates: target.dates, lessons: target.lessons }) : ''}
      confirmLabel={t('absences.withdraw.confirm')} busyLabel={t('absences.withdraw.working')} cancelLabel={t('absences.withdraw.keep')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}
