/**
 * A run's debits: from the lg breakpoint a table, below it one card per family. Each says its
 * status (a return with the bank's reason), what changed since the announcement (the amount the
 * family owes now, a mandate that stopped), and offers what the run's state allows.
 */
import type { CollectionRun, DebitStatus } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { formatCents, type DebitRow, type DebitWarning } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { AdminTable } from '../AdminTable';
import { reasonText } from './ReturnDialog';

interface Props {
  rows: DebitRow[];
  run: CollectionRun;
  busy: boolean;
  onTakeOut: (row: DebitRow) => void;
  onReturn: (row: DebitRow) => void;
}

const STATUS_TONE: Record<DebitStatus, string> = {
  announced: 'bg-amber-100 text-amber-900',
  filed: 'bg-green-100 text-green-900',
  returned: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-100 text-slate-800',
};

function Status({ row }: { row: DebitRow }) {
  const { t } = useTranslation();
  const { status, returnReason } = row.debit;
  return (
    <>
      <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONE[status]}`}>{t(`admin.collections.debitStatus.${status}`)}</span>
      {status === 'returned' && returnReason && <span className="mt-1 block break-words text-slate-700">{reasonText(returnReason, t)}</span>}
    </>
  );
}

function Warning({ warning }: { warning: DebitWarning }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const text =
    warning.kind === 'mandateInactive'
      ? t(`admin.collections.run.mandateInactive.${warning.status}`)
      : warning.dueCents === 0
        ? t('admin.collections.run.owesNothing')
        : t('admin.collections.run.amountChanged', { due: formatCents(warning.dueCents, locale) });
  return <p role="note" className="rounded bg-amber-50 px-2 py-1 break-words text-amber-950">{text}</p>;
}

function Warnings({ row }: { row: DebitRow }) {
  if (row.warnings.length === 0) return null;
  return <div className="space-y-1">{row.warnings.map((warning) => <Warning key={warning.kind} warning={warning} />)}</div>;
}

function Actions({ row, run, busy, onTakeOut, onReturn, className }: { row: DebitRow; className: string } & Omit<Props, 'rows'>) {
  const { t } = useTranslation();
  const names = { name: row.name, id: row.debit.memberId };
  const canTakeOut = run.status === 'announced' && row.debit.status === 'announced';
  const canReturn = row.debit.status === 'filed';
  if (!canTakeOut && !canReturn) return null;
  return (
    <span className={className}>
      {canTakeOut && (
        <button type="button" disabled={busy} onClick={() => onTakeOut(row)} aria-label={t('admin.collections.run.takeOutLabel', names)}
          className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-50 disabled:opacity-50">
          {t('admin.collections.run.takeOut')}
        </button>
      )}
      {canReturn && (
        <button type="button" disabled={busy} onClick={() => onReturn(row)} aria-label={t('admin.collections.run.recordReturnLabel', names)}
          className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-50 disabled:opacity-50">
          {t('admin.collections.run.recordReturn')}
        </button>
      )}
    </span>
  );
}

export function DebitsTable({ rows, ...props }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="hidden overflow-x-auto lg:block">
      <AdminTable caption={t('admin.collections.run.caption', { id: props.run.id })} className="w-full text-sm" bodyClassName="divide-y divide-slate-100 align-top" columns={[
        { label: t('admin.collections.run.column.family') },
        { label: t('admin.collections.run.column.amount'), className: 'text-right' },
        { label: t('admin.collections.run.column.mandate') },
        { label: t('admin.collections.run.column.status') },
        { label: t('admin.collections.run.column.note') },
        { label: t('admin.collections.run.column.actions'), hidden: true },
      ]}>
        {rows.map((row) => (
          <tr key={row.debit.id}>
            <td className="py-2 pr-3">
              <span className="block font-medium break-words">{row.name}</span>
              <span className="block text-slate-600">{row.debit.memberId}</span>
            </td>
            <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatCents(row.cents, locale)}</td>
            <td className="py-2 pr-3">
              <span className="block break-all">{row.debit.mandateReference}</span>
              {row.mandate && <span className="block whitespace-nowrap text-slate-600">{row.mandate.ibanMasked}</span>}
            </td>
            <td className="py-2 pr-3"><Status row={row} /></td>
            <td className="py-2 pr-3"><Warnings row={row} /></td>
            <td className="py-2"><Actions row={row} {...props} className="flex flex-col items-stretch gap-1.5" /></td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

export function DebitCards({ rows, ...props }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ul aria-label={t('admin.collections.run.caption', { id: props.run.id })} className="divide-y divide-slate-100 lg:hidden">
      {rows.map((row) => (
        <li key={row.debit.id} className="space-y-1 py-3 text-sm">
          <p className="flex flex-wrap justify-between gap-x-3">
            <span className="min-w-0 font-medium break-words text-slate-900">{row.name} ({row.debit.memberId})</span>
            <span className="whitespace-nowrap tabular-nums">{formatCents(row.cents, locale)}</span>
          </p>
          <p className="break-all text-slate-600">{row.debit.mandateReference}</p>
          {row.mandate && <p className="break-words text-slate-600">{row.mandate.ibanMasked}</p>}
          <div><Status row={row} /></div>
          <Warnings row={row} />
          <Actions row={row} {...props} className="flex flex-wrap gap-2 pt-1" />
        </li>
      ))}
    </ul>
  );
}
