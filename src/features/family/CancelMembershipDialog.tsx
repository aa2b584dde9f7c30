import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelMembership } from '../../api/members';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { inputClass } from '../../components/PublicLayout';
import { formatDay, todayIso } from '../../lib/schoolClock';
import { cancellationEffectiveDate, cancellationState } from '../../domain/membership';
import type { Member } from '../../domain/types';
import { useLocale } from '../../i18n/useLocale';
import { fieldProblem, MAX_LENGTH, problemMessage } from './contactForm';
import { ApiError } from '../../api/client';
import { apiErrorKey } from '../../api/errorMessages';

/** Spec section 8, cancellation: the text for the error's code (never the server's English). */
function cancelErrorKey(error: unknown) {
  if (!(error instanceof ApiError)) return 'family.cancel.cancelMembershipError';
  if (error.code === 'already-cancelled') return 'family.cancel.cancelMembershipAlreadyCancelled';
  if (error.code === 'unavailable' || error.code === 'internal') return 'family.cancel.cancelMembershipError';
  return apiErrorKey(error);
}

export const CLOSE_AFTER_SUCCESS_MS = 3000;

interface Props {
  member: Member;
  open: boolean;
  onClose: () => void;
  onCancelled: (member: Member) => void;
}

/** Requests the cancellation of the membership (spec sections 4, 5 and 9). */
export function CancelMembershipDialog({ member, open, onClose, onCancelled }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [confirmed, setConfirmed] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const checkboxId = useId();
  const reasonId = useId();
  const state = cancellationState(member);
  const effectiveDate = cancellationEffectiveDate(todayIso());

  useEffect(() => {
    if (!open) return;
    setConfirmed(false);
    setReason('');
    setError(null);
    setDone(false);
  }, [open]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [done, onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) {
      setError(t('family.cancel.cancelMembershipConfirm'));
      return;
    }
    const problem = fieldProblem('cancellationReason', reason.trim());
    if (problem) {
      setError(problemMessage(t, problem));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await cancelMembership(reason.trim() || undefined);
      onCancelled(data);
      setDone(true);
    } catch (caught) {
      setError(t(cancelErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title={t('family.cancel.title')} onClose={onClose} busy={busy}>
      {done ? (
        <Alert tone="success">{t('family.cancel.success', { date: formatDay(effectiveDate, locale, 'long') })}</Alert>
      ) : state.kind === 'cancelled' ? (
        <Alert tone="info">{t('family.cancel.alreadyCancelled', { date: formatDay(state.endsAt, locale, 'long') })}</Alert>
      ) : state.kind === 'pending' ? (
        <Alert tone="info">{t('family.cancel.pending', { date: state.requestedAt ? formatDay(state.requestedAt, locale, 'long') : '—' })}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-3 text-sm">
          <p>{t('family.cancel.effectiveDate', { date: formatDay(effectiveDate, locale, 'long') })}</p>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>{t('family.cancel.noRefund')}</li>
            <li>{t('family.cancel.plansRemain')}</li>
          </ul>
          <div>
            <label htmlFor={reasonId} className="font-medium text-slate-800">{t('family.cancel.reason')}</label>
            <textarea id={reasonId} rows={3} maxLength={MAX_LENGTH.cancellationReason} value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass} />
          </div>
          <div className="flex items-start gap-2">
            <input id={checkboxId} type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} className="mt-1 size-4" />
            <label htmlFor={checkboxId}>{t('family.cancel.confirmLabel')}</label>
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2 pt-2">
            <button type="button" onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
              {t('family.cancel.keep')}
            </button>
            <button type="submit" disabled={!confirmed || busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60">
              {t(busy ? 'family.cancel.submitting' : 'family.cancel.submit')}
            </button>
          </div>
        </form>
      )}
      {(done || state.kind === 'cancelled' || state.kind === 'pending') && (
        <div className="mt-4 text-right">
          <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">{t('common.close')}</button>
        </div>
      )}
    </Modal>
  );
}
