/**
 * The families a new run would collect from: from the lg breakpoint a table, below it one card
 * per family. A checkbox per family says whether it is collected (checked: yes); a family in an
 * open run already has none, and says which run.
 */
import type { CollectionCandidate } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { formatCents, selectable } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { AdminTable } from '../AdminTable';

interface Props {
  families: readonly CollectionCandidate[];
  leftOut: ReadonlySet<string>;
  onToggle: (memberId: string, included: boolean) => void;
  busy: boolean;
}

function Include({ family, leftOut, onToggle, busy }: { family: CollectionCandidate } & Omit<Props, 'families'>) {
  const { t } = useTranslation();
  if (!selectable(family)) return <span className="text-sm break-words text-slate-700">{t('admin.collections.families.inRun', { id: family.openRunId })}</span>;
  return (
    <input type="checkbox" className="size-4 shrink-0" checked={!leftOut.has(family.memberId)} disabled={busy}
      onChange={(event) => onToggle(family.memberId, event.target.checked)}
      aria-label={t('admin.collections.families.include', { name: family.name, id: family.memberId })} />
  );
}

export function CandidatesTable({ families, ...props }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="hidden overflow-x-auto lg:block">
      <AdminTable caption={t('admin.collections.families.title')} className="w-full text-sm" bodyClassName="divide-y divide-slate-100 align-top" columns={[
        { label: t('admin.collections.families.column.include'), className: 'w-40' },
        { label: t('admin.collections.families.column.family') },
        { label: t('admin.collections.families.column.amount'), className: 'text-right' },
        { label: t('admin.collections.families.column.account') },
        { label: t('admin.collections.families.column.mandate') },
      ]}>
        {families.map((family) => (
          <tr key={family.memberId} className={selectable(family) && props.leftOut.has(family.memberId) ? 'text-slate-500' : undefined}>
            <td className="py-2 pr-3"><Include family={family} {...props} /></td>
            <td className="py-2 pr-3">
              <span className="block font-medium break-words">{family.name}</span>
              <span className="block text-slate-600">{family.memberId}</span>
            </td>
            <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{formatCents(family.amountCents, locale)}</td>
            <td className="py-2 pr-3 whitespace-nowrap">{family.ibanMasked}</td>
            <td className="py-2 break-all">{family.mandateReference}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

export function CandidateCards({ families, ...props }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ul aria-label={t('admin.collections.families.title')} className="divide-y divide-slate-100 border-t border-slate-100 lg:hidden">
      {families.map((family) => (
        <li key={family.memberId} className="flex gap-3 py-3 text-sm">
          {selectable(family) && <span className="flex w-4 shrink-0 pt-0.5"><Include family={family} {...props} /></span>}
          <div className="min-w-0 flex-1 space-y-1">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 font-medium break-words text-slate-900">{family.name} ({family.memberId})</span>
              <span className="whitespace-nowrap tabular-nums">{formatCents(family.amountCents, locale)}</span>
            </p>
            <p className="break-words text-slate-700">{family.ibanMasked}</p>
            <p className="break-all text-slate-600">{family.mandateReference}</p>
            {!selectable(family) && <Include family={family} {...props} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
