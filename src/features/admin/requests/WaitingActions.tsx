import type { OfficeRequestRow } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { movable, type WaitingListMove } from './requestsView';

interface Props {
  row: OfficeRequestRow;
  onMove: (move: WaitingListMove, row: OfficeRequestRow) => void;
  /** A decision or a move is being sent: nothing else may be changed meanwhile. */
  busy: boolean;
  className: string;
}

/**
 * Move up, Take off: a waiting request's steps, each asked in a dialog with a note to the family.
 * The labels wrap: "Убрать из листа ожидания" on one line pushed the console's table past its region at 1280 and 1440 px.
 */
export function WaitingActions({ row, onMove, busy, className }: Props) {
  const { t } = useTranslation();
  if (!movable(row)) return null;
  const names = { child: row.childName ?? row.childId, lesson: row.lessonName ?? row.lessonId };
  return (
    <span className={className}>
      <button type="button" disabled={busy} onClick={() => onMove('up', row)} aria-label={t('admin.requests.waiting.moveUpOne', names)}
        className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50">
        {t('admin.requests.waiting.moveUp')}
      </button>
      <button type="button" disabled={busy} onClick={() => onMove('off', row)} aria-label={t('admin.requests.waiting.takeOffOne', names)}
        className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-50">
        {t('admin.requests.waiting.takeOff')}
      </button>
    </span>
  );
}

