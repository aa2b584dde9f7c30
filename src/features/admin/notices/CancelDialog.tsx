/** The confirmation of a lesson's cancellation: lesson, date, time and reason, then cancelLesson once. */
import type { OfficeNotice } from '@family-portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/useLocale';
import { apiErrorKey } from '../../../api/errorMessages';
import { cancelLesson } from '../../../api/officeNotices';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import type { RoomHour } from '../../../domain/types';
import { formatWeekday } from '../../../lib/schoolClock';
import type { LessonChoice } from './noticesView';

export interface Cancelling {
  lesson: LessonChoice;
  /** Null: every time of the lesson on that date. */
  roomHour: RoomHour | null;
  date: string;
  reason: string;
  /** The room hour as the office reads it, or null. */
  time: string | null;
  /** The send's key (sendKey.ts): every attempt of it sends it, so the families are told once. */
  key: string;
}

interface Props {
  cancelling: Cancelling | null;
  onClose: () => void;
  onCancelled: (notice: OfficeNotice) => void;
  onBusy: (busy: boolean) => void;
}

export function CancelDialog({ cancelling, onClose, onCancelled, onBusy }: Props) {
  const locale = useLocale();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => setError(null), [cancelling]);

  const send = async () => {
    if (!cancelling || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    onBusy(true);
    setError(null);
    try {
      const { lesson, roomHour, date, reason, key } = cancelling;
      onCancelled(await cancelLesson({ lessonId: lesson.id, date, reason, ...(roomHour ? { roomHourId: roomHour.id } : {}), idempotencyKey: key }));
    } catch (caught) {
      setError(t('admin.notices.cancel.failed', { message: t(apiErrorKey(caught)) }));
    } finally {
      inFlight.current = false;
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <Modal open={cancelling !== null} busy={busy} onClose={onClose} title={t('admin.notices.cancel.confirm.title')}>
      <div className="space-y-3 text-sm">
        {cancelling && (
          <p className="break-words text-slate-800">
            {t('admin.notices.cancel.confirm.text', {
              lesson: `${cancelling.lesson.name} (${cancelling.lesson.id})`,
              date: formatWeekday(cancelling.date, locale),
              time: cancelling.time ?? t('admin.notices.cancel.confirm.everyTime'),
              reason: cancelling.reason,
            })}
          </p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- showModal() focuses it: keeping the lesson, the safe choice. */}
          <button type="button" autoFocus onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('admin.notices.cancel.confirm.keep')}
          </button>
          <button type="button" onClick={() => void send()} disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
            {busy ? t('admin.notices.cancel.confirm.sending') : t('admin.notices.cancel.confirm.send')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
