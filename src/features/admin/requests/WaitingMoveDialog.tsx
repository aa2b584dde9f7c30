/**
 * Moving a waiting family one place up, or taking it off the waiting list (docs/booking.md), with
 * an optional note to the family. The buttons wait for the answer, so a double click sends once;
 * an error leaves the dialog open and nothing changed.
 */
import type { OfficeRequestRow } from '@family-portal/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { moveOnWaitingList } from '../../../api/officeBooking';
import { Modal } from '../../../components/Modal';
import { OfficeNoteFormEnd, useOfficeNoteForm } from './OfficeNoteField';
import type { WaitingListMove } from './requestsView';

export interface MoveAsked {
  move: WaitingListMove;
  row: OfficeRequestRow;
}

interface Props {
  asked: MoveAsked | null;
  onClose: () => void;
  onMoved: (asked: MoveAsked) => void;
  /** Whether a move is being sent (the page disables its other buttons meanwhile). */
  onBusy: (busy: boolean) => void;
}

export function WaitingMoveDialog({ asked, onClose, onMoved, onBusy }: Props) {
  const { t } = useTranslation();
  const form = useOfficeNoteForm(asked, {
    send: async (sent, trimmed) => {
      await moveOnWaitingList({ requestId: sent.row.id, move: sent.move, ...(trimmed ? { note: trimmed } : {}) });
      onMoved(sent);
    },
    failedKey: 'admin.requests.waiting.failed',
    onBusy,
  });

  const up = asked?.move === 'up';
  const names = { child: asked?.row.childName ?? asked?.row.childId ?? '', lesson: asked?.row.lessonName ?? asked?.row.lessonId ?? '' };
  return (
    <Modal open={asked !== null} busy={form.busy} onClose={onClose} title={t(up ? 'admin.requests.waiting.titleUp' : 'admin.requests.waiting.titleOff')}>
      <form onSubmit={(event) => void form.submit(event)} noValidate className="space-y-3 text-sm">
        <p className="break-words text-slate-700">{t(up ? 'admin.requests.waiting.explainUp' : 'admin.requests.waiting.explainOff', names)}</p>
        <OfficeNoteFormEnd form={form} onClose={onClose} submitLabel={t(up ? 'admin.requests.waiting.moveUp' : 'admin.requests.waiting.takeOff')} danger={!up} />
      </form>
    </Modal>
  );
}

/** What the last move did, named by child and lesson; it takes the focus, as the row's buttons may be gone. */
export function MoveOutcome({ moved, onDismiss }: { moved: MoveAsked; onDismiss: () => void }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [moved]);
  const names = { child: moved.row.childName ?? moved.row.childId, lesson: moved.row.lessonName ?? moved.row.lessonId };
  return (
    <div ref={panel} tabIndex={-1} role="status" className="mt-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800">
      <p className="break-words">{t(moved.move === 'up' ? 'admin.requests.waiting.movedUp' : 'admin.requests.waiting.takenOff', names)}</p>
      <button type="button" onClick={onDismiss} className="mt-2 text-sm font-medium underline">{t('admin.controls.dismiss')}</button>
    </div>
  );
}
