/**
 * A mandate paused after the bank returned a debit (unauthorised, or a refund the family
 * claimed): nothing is collected under it until the family confirms it here (confirmMandate).
 * A failed confirmation says why and leaves the mandate paused; one that finds it no longer
 * paused (confirmed on another device, say) lets the card read where it stands. The function
 * answers with Firestore's copy, which a failed write leaves paused though AppSheet has it
 * active: that is no confirmation to show, and a second try writes it again.
 */
import type { MandateView } from '@family-portal/contract/mandates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError';
import { apiErrorKey } from '../../api/errorMessages';
import { confirmMandate } from '../../api/mandates';

interface Props {
  mandate: MandateView;
  /** A family whose membership ended confirms nothing (the function refuses it). */
  mayConfirm: boolean;
  onConfirmed: (mandate: MandateView) => void;
  /** The function found the mandate not paused (409): the card's copy is out of date. */
  onNotPaused: () => void;
}

export function PausedMandate({ mandate, mayConfirm, onConfirmed, onNotPaused }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const confirmed = await confirmMandate(mandate.id);
      if (confirmed.status === 'active') onConfirmed(confirmed);
      else setError(t('errors.api.internal'));
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'conflict') onNotPaused();
      else setError(t(apiErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
      <p>{t('family.directDebit.paused')}</p>
      {error && (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      )}
      {mayConfirm && (
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={busy}
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-teal-700 bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? t('family.directDebit.confirming') : t('family.directDebit.confirm')}
        </button>
      )}
    </div>
  );
}
