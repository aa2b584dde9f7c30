/**
 * The confirmation of a day the school is closed: the date and the reason, then closeSchool once.
 * When a closure of that date was withdrawn less than a day ago, its families had an e-mail about
 * it: closeSchool asks first (closure-resend-unconfirmed, nothing written), and the dialog asks the
 * office whether they are e-mailed again, then closes the school as it answers, with the same key.
 */
import type { OfficeNotice } from '@family-portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { apiErrorKey } from '../../../api/errorMessages';
import { closeSchool } from '../../../api/officeNotices';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { useLocale } from '../../../i18n/useLocale';
import { formatAdminDateTime, formatWeekday } from '../../../lib/schoolClock';

export interface Closing {
  date: string;
  reason: string;
  /** The send's key (sendKey.ts): every attempt of it sends it, so the families are told once. */
  key: string;
}

interface Props {
  closing: Closing | null;
  onClose: () => void;
  /** `mailed`: false when the office closed it again without e-mails. */
  onClosed: (notice: OfficeNotice, mailed: boolean) => void;
  onBusy: (busy: boolean) => void;
}

/** A field of the error's data, when the call failed with that code. */
function dataOf(error: unknown, code: string, field: string): unknown {
  return error instanceof ApiError && error.code === code ? (error.data as Record<string, unknown> | undefined)?.[field] : undefined;
}

const BUTTON = 'rounded-md px-4 py-2 font-semibold disabled:opacity-60';

export function ClosureDialog({ closing, onClose, onClosed, onBusy }: Props) {
  const locale = useLocale();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** When the closure withdrawn less than a day ago was withdrawn: the question is open. */
  const [withdrawnAt, setWithdrawnAt] = useState<string | null>(null);
  const inFlight = useRef(false);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setError(null);
    setWithdrawnAt(null);
  }, [closing]);
  // The form waits while it runs.
  useEffect(() => onBusy(busy), [busy, onBusy]);
  // The question takes the place of the button pressed: the safe choice gets the focus.
  useEffect(() => {
    if (withdrawnAt) keep.current?.focus();
  }, [withdrawnAt]);

  const close = async (resendMails?: boolean) => {
    if (!closing || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const notice = await closeSchool({ date: closing.date, reason: closing.reason, idempotencyKey: closing.key, ...(resendMails === undefined ? {} : { resendMails }) });
      onClosed(notice, resendMails !== false);
    } catch (caught) {
      const asked = dataOf(caught, 'closure-resend-unconfirmed', 'withdrawnAt');
      if (typeof asked === 'string') setWithdrawnAt(asked);
      // `max` for too-many-closures (the school's setting); other texts have no placeholder.
      else setError(t('admin.notices.close.failed', { message: t(apiErrorKey(caught), { max: Number(dataOf(caught, 'too-many-closures', 'max') ?? 0) }) }));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal open={closing !== null} busy={busy} onClose={onClose} title={t('admin.notices.close.confirm.title')}>
      <div className="space-y-3 text-sm">
        {closing && <p className="break-words text-slate-700">{t('admin.notices.close.confirm.text', { date: formatWeekday(closing.date, locale), reason: closing.reason })}</p>}
        {withdrawnAt && (
          <Alert tone="warning" title={t('admin.notices.close.resend.title')}>
            {t('admin.notices.close.resend.text', { withdrawnAt: formatAdminDateTime(withdrawnAt, locale) })}
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- showModal() gives the focus to the autofocus element: keeping the school open, the safe choice. */}
          <button ref={keep} type="button" autoFocus onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('admin.notices.close.confirm.keep')}
          </button>
          {withdrawnAt ? (
            <>
              <button type="button" onClick={() => void close(false)} disabled={busy} className={`${BUTTON} border border-red-700 text-red-800 hover:bg-red-50`}>
                {t('admin.notices.close.resend.quiet')}
              </button>
              <button type="button" onClick={() => void close(true)} disabled={busy} className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}>
                {t('admin.notices.close.resend.mail')}
              </button>
            </>
          ) : (
            <button type="button" onClick={() => void close()} disabled={busy} className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}>
              {busy ? t('admin.notices.close.confirm.sending') : t('admin.notices.close.confirm.send')}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
