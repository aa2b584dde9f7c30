/** "Stop direct debit": says from when nothing more is collected, then revokes the mandate. */
import type { MandateView } from '@family-portal/contract/mandates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../../api/errorMessages';
import { revokeMandate } from '../../api/mandates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { currentLanguage } from '../../i18n';
import { appConfig } from '../../lib/config';

interface Props {
  mandate: MandateView | null;
  onClose: () => void;
  onStopped: (mandate: MandateView) => void;
}

export function StopDirectDebitDialog({ mandate, onClose, onStopped }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function stop() {
    if (!mandate) return;
    setBusy(true);
    setError(null);
    try {
      onStopped(await revokeMandate(mandate.id, currentLanguage(i18n.resolvedLanguage)));
    } catch (caught) {
      setError(t(apiErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={mandate !== null}
      title={t('family.directDebit.stopDialog.title')}
      message={mandate ? t('family.directDebit.stopDialog.text', { creditor: appConfig.sepa.recipientName, iban: mandate.ibanMasked, reference: mandate.id }) : ''}
      confirmLabel={t('family.directDebit.stopDialog.confirm')}
      busyLabel={t('family.directDebit.stopDialog.stopping')}
      cancelLabel={t('family.directDebit.stopDialog.keep')}
      onConfirm={() => void stop()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      busy={busy}
      error={error}
      tone="danger"
    />
  );
}
