/** The waiting list's steps that give something up, asked first: leaving the list, and turning down a place held for the family. */
import { useTranslation } from 'react-i18next';
import { leaveWaitingList, passWaitingOffer } from '../../api/booking';
import { ConfirmDialog, useConfirmedAction } from '../../components/ConfirmDialog';
import type { BookingRequest } from '../../domain/booking';
import { bookingErrorKey, staleOffer } from './bookingErrors';

interface Named {
  request: BookingRequest;
  lesson: string;
  child: string;
}

interface LeaveProps {
  /** The waiting request to take off the list, with the names it is shown by; null while closed. */
  target: Named | null;
  onClose: () => void;
  onLeft: (request: BookingRequest) => void;
  onStale: () => void;
}

/** "Leave the waiting list?": the child's place in line at every time is given up. */
export function LeaveWaitingDialog({ target, onClose, onLeft, onStale }: LeaveProps) {
  const { t } = useTranslation();
  const { busy, error, confirm } = useConfirmedAction(
    target !== null,
    async () => {
      if (target) onLeft(await leaveWaitingList(target.request.id));
    },
    (caught) => {
      if (staleOffer(caught)) onStale();
      return t(bookingErrorKey(caught));
    },
  );
  return (
    <ConfirmDialog open={target !== null} title={t('booking.waiting.leave.title')} tone="danger"
      message={target ? t('booking.waiting.leave.text', { lesson: target.lesson, child: target.child }) : ''}
      confirmLabel={t('booking.waiting.leave.confirm')} busyLabel={t('booking.waiting.leave.working')} cancelLabel={t('booking.waiting.leave.keep')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}

interface PassProps {
  /** The place to turn down, with its time as text; null while closed. */
  target: (Named & { time: string }) | null;
  onClose: () => void;
  onPassed: (target: Named & { time: string }) => void;
  onStale: () => void;
}

/** "Not this time": the place goes to the next in line; the family stays in line for its other times. */
export function PassOfferDialog({ target, onClose, onPassed, onStale }: PassProps) {
  const { t } = useTranslation();
  const { busy, error, confirm } = useConfirmedAction(
    target !== null,
    async () => {
      if (!target) return;
      await passWaitingOffer(target.request.id);
      onPassed(target);
    },
    (caught) => {
      if (staleOffer(caught)) onStale();
      return t(bookingErrorKey(caught));
    },
  );
  return (
    <ConfirmDialog open={target !== null} title={t('booking.waiting.pass.title')} tone="danger"
      message={target ? t('booking.waiting.pass.text', { lesson: target.lesson, child: target.child, time: target.time }) : ''}
      confirmLabel={t('booking.waiting.pass.confirm')} busyLabel={t('booking.waiting.pass.working')} cancelLabel={t('booking.waiting.pass.keep')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}
