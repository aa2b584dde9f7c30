/**
 * The requests' rows: from the lg breakpoint a table, below it one card per request (on a phone
 * seven columns would squeeze names to a letter a line). Both show the same rows, share one
 * selection and offer the same decisions; a waiting list's rows show their place in line per
 * time and the place offered, and may be moved up or taken off the list.
 */
import type { BookingRequestsAnswer, OfficeRequestRow, RequestStatus } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { AdminInstant } from '../../../components/AdminInstant';
import { AdminTable } from '../AdminTable';
import { Times } from './RequestTimes';
import { decidable, type BookingDecision, type WaitingListMove } from './requestsView';
import { WaitingActions } from './WaitingActions';

export interface RowsProps {
  answer: BookingRequestsAnswer;
  rows: OfficeRequestRow[];
  selected: ReadonlySet<string>;
  onToggle: (ids: string[], on: boolean) => void;
  onDecide: (decision: BookingDecision, rows: OfficeRequestRow[]) => void;
  /** A waiting request to move up or take off the waiting list: the dialog comes next. */
  onMove: (move: WaitingListMove, row: OfficeRequestRow) => void;
  /** A decision is being sent: nothing else may be decided meanwhile. */
  busy: boolean;
  loading: boolean;
}

const checkbox = 'size-4 shrink-0';
const STATUS_TONE: Record<RequestStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  waiting: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-100 text-slate-800',
};

const childOf = (row: OfficeRequestRow) => row.childName ?? row.childId;
const lessonOf = (row: OfficeRequestRow) => row.lessonName ?? row.lessonId;

export function StatusPill({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONE[status]}`}>{t(`admin.requests.status.${status}`)}</span>;
}

function Family({ row }: { row: OfficeRequestRow }) {
  const { t } = useTranslation();
  const name = row.memberId ? t('admin.requests.table.family', { name: row.familyName ?? '', id: row.memberId }) : (row.familyName ?? '');
  return (
    <>
      {name}
      {/* In words, not colour alone: the office never confirms a former family by accident. */}
      {!row.familyActive && row.memberId && (
        <span className="ml-1 inline-block rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-900">{t('admin.requests.table.familyEnded')}</span>
      )}
    </>
  );
}

/** The table and the cards are both in the page: each gives its note an id of its own. */
type View = 'table' | 'card';
const overbookedId = (row: OfficeRequestRow, view: View) => `overbooked-${view}-${row.id}`;

/** A request beyond its time's places: why it cannot be confirmed (the sync's warnings say it too). */
function Overbooked({ row, view }: { row: OfficeRequestRow; view: View }) {
  const { t } = useTranslation();
  if (!row.overbooked || !decidable(row)) return null;
  return (
    <p id={overbookedId(row, view)} role="note" className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm break-words text-amber-950">
      {t('admin.requests.table.overbooked')}
    </p>
  );
}

function RequestedAt({ row }: { row: OfficeRequestRow }) {
  return row.requestedAt ? <AdminInstant iso={row.requestedAt} /> : null;
}

function SelectRow({ row, selected, onToggle, busy }: { row: OfficeRequestRow } & Pick<RowsProps, 'selected' | 'onToggle' | 'busy'>) {
  const { t } = useTranslation();
  if (!decidable(row)) return null;
  return (
    <input type="checkbox" checked={selected.has(row.id)} disabled={busy} onChange={(event) => onToggle([row.id], event.target.checked)}
      aria-label={t('admin.requests.table.select', { child: childOf(row), lesson: lessonOf(row) })} className={checkbox} />
  );
}

export function SelectAll({ rows, selected, onToggle, busy }: Pick<RowsProps, 'rows' | 'selected' | 'onToggle' | 'busy'>) {
  const { t } = useTranslation();
  const ids = rows.filter(decidable).map((row) => row.id);
  return (
    <input type="checkbox" checked={ids.length > 0 && ids.every((id) => selected.has(id))} disabled={busy || ids.length === 0}
      onChange={(event) => onToggle(ids, event.target.checked)} aria-label={t('admin.requests.table.selectAll')} className={checkbox} />
  );
}

function Decisions({ row, onDecide, busy, className, view }: { row: OfficeRequestRow; className: string; view: View } & Pick<RowsProps, 'onDecide' | 'busy'>) {
  const { t } = useTranslation();
  if (!decidable(row)) return null;
  const names = { child: childOf(row), lesson: lessonOf(row) };
  return (
    <span className={className}>
      <button type="button" disabled={busy || row.overbooked} onClick={() => onDecide('confirm', [row])} aria-label={t('admin.requests.decide.confirmOne', names)}
        aria-describedby={row.overbooked ? overbookedId(row, view) : undefined}
        className="rounded-md bg-teal-700 px-3 py-1 text-sm font-semibold whitespace-nowrap text-white hover:bg-teal-800 disabled:opacity-50">
        {t('admin.requests.decide.confirm')}
      </button>
      <button type="button" disabled={busy} onClick={() => onDecide('decline', [row])} aria-label={t('admin.requests.decide.declineOne', names)}
        className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-50 disabled:opacity-50">
        {t('admin.requests.decide.decline')}
      </button>
    </span>
  );
}

/** From the lg breakpoint: the table. */
export function RequestsTable(props: RowsProps) {
  const { t } = useTranslation();
  const { answer, rows, loading } = props;
  return (
    <div className="mt-4 hidden overflow-x-auto lg:block" aria-busy={loading}>
      <AdminTable caption={t('admin.requests.table.title')} className="w-full text-sm" headClassName="align-bottom text-slate-600" bodyClassName="divide-y divide-slate-100 align-top" columns={[
        { label: <SelectAll {...props} />, className: 'w-8', gap: 'pr-2' },
        { label: <>{t('admin.requests.column.child')}<span className="block font-normal">{t('admin.requests.column.family')}</span></> },
        { label: <>{t('admin.requests.column.lesson')}<span className="block font-normal">{t('admin.requests.column.times')}</span></> },
        { label: t('admin.requests.column.requestedAt') },
        { label: t('admin.requests.column.status') },
        { label: t('admin.requests.column.note') },
        { label: t('admin.requests.table.actions'), hidden: true },
      ]}>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className="py-2 pr-2"><SelectRow row={row} {...props} /></td>
            <td className="py-2 pr-3">
              <span className="block font-medium text-slate-900">{childOf(row)}</span>
              <span className="block text-slate-600"><Family row={row} /></span>
            </td>
            <td className="py-2 pr-3">
              <span className="block font-medium text-slate-900">{lessonOf(row)}</span>
              <span className="block text-slate-700"><Times answer={answer} row={row} /></span>
              <Overbooked row={row} view="table" />
            </td>
            <td className="py-2 pr-3"><RequestedAt row={row} /></td>
            <td className="py-2 pr-3"><StatusPill status={row.status} /></td>
            <td className="py-2 pr-3 break-words text-slate-700">{row.note}</td>
            <td className="py-2">
              <Decisions row={row} {...props} view="table" className="flex flex-col items-stretch gap-1.5" />
              <WaitingActions row={row} onMove={props.onMove} busy={props.busy} className="flex flex-col items-stretch gap-1.5" />
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

/** Below the lg breakpoint (a phone, a tablet): one card per request. */
export function RequestCards(props: RowsProps) {
  const { t } = useTranslation();
  const { answer, rows, loading } = props;
  return (
    <div className="mt-4 lg:hidden" aria-busy={loading}>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <SelectAll {...props} />
        {t('admin.requests.table.selectAll')}
      </label>
      <ul aria-label={t('admin.requests.table.title')} className="mt-2 divide-y divide-slate-100 border-t border-slate-100">
        {rows.map((row) => (
          <li key={row.id} className="flex gap-3 py-3 text-sm">
            <span className="flex w-4 shrink-0 pt-0.5"><SelectRow row={row} {...props} /></span>
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium break-words text-slate-900">
                {childOf(row)} <StatusPill status={row.status} />
              </p>
              <p className="break-words text-slate-600"><Family row={row} /></p>
              <p className="font-medium break-words text-slate-900">{lessonOf(row)}</p>
              <div className="break-words text-slate-700"><Times answer={answer} row={row} /></div>
              <Overbooked row={row} view="card" />
              <dl className="space-y-0.5 text-slate-700">
                <div className="flex flex-wrap gap-x-2">
                  <dt className="text-slate-600">{t('admin.requests.column.requestedAt')}:</dt>
                  <dd><RequestedAt row={row} /></dd>
                </div>
                {row.note && (
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="text-slate-600">{t('admin.requests.column.note')}:</dt>
                    <dd className="min-w-0 break-words">{row.note}</dd>
                  </div>
                )}
              </dl>
              <Decisions row={row} {...props} view="card" className="flex flex-wrap gap-2 pt-1" />
              <WaitingActions row={row} onMove={props.onMove} busy={props.busy} className="flex flex-wrap gap-2 pt-1" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
