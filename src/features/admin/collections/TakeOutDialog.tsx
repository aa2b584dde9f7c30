/** Taking a family out of an announced run (it paid by transfer before the date), after a confirmation that says what is not collected. */
import type { CollectionRun } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { removeFromCollection } from '../../../api/officeCollections';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ConfirmDialog';
import { formatCents, type DebitRow } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';
import { collectionErrorText } from './collectionErrors';

interface Props {
  run: CollectionRun;
  row: DebitRow | null;
  onClose: () => void;
  /** Taken out: what to tell the office. */
  onDone: (text: string) => void;
}

export function TakeOutDialog({ run, row, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { busy, error, confirm } = useConfirmedAction(
    row !== null,
    async () => {
      if (!row) return;
      await removeFromCollection(run.id, row.debit.memberId);
      onDone(t('admin.collections.takeOut.done', { name: row.name, id: row.debit.memberId, run: run.id }));
    },
    (caught) => t('admin.collections.takeOut.failed', { message: collectionErrorText(caught, t, locale) }),
  );
  const message = row ? t('admin.collections.takeOut.text', { name: row.name, id: row.debit.memberId, amount: formatCents(row.cents, locale), date: formatWeekday(run.collectionDate, locale) }) : '';
  return (
    <ConfirmDialog open={row !== null} title={t('admin.collections.takeOut.title')} message={message} tone="danger"
      confirmLabel={t('admin.collections.takeOut.confirm')} busyLabel={t('admin.collections.takeOut.busy')} cancelLabel={t('admin.collections.takeOut.keep')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}
