/**
 * The last step before a run is announced: how many families are e-mailed, how much is collected
 * on which day, and what their bank statements will say. The buttons wait for the answer, so a
 * double click announces once; every attempt of this announcement sends its one key (made when it
 * was asked, sendKey.ts), so a retry after a timeout gets the run made before, and no family is
 * e-mailed twice.
 */
import type { CollectionRun } from '@family-portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announceCollection } from '../../../api/officeCollections';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ConfirmDialog';
import { formatCents } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';
import { collectionErrorText } from './collectionErrors';

export interface Announcing {
  collectionDate: string;
  purpose: string;
  leaveOut: string[];
  count: number;
  cents: number;
  key: string;
}

interface Props {
  announcing: Announcing | null;
  onClose: () => void;
  onAnnounced: (run: CollectionRun) => void;
  onBusy: (busy: boolean) => void;
}

export function AnnounceDialog({ announcing, onClose, onAnnounced, onBusy }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { busy, error, confirm } = useConfirmedAction(
    announcing !== null,
    async () => {
      if (!announcing) return;
      const { collectionDate, purpose, leaveOut, key } = announcing;
      onAnnounced(await announceCollection({ collectionDate, purpose, leaveOut, idempotencyKey: key }));
    },
    (caught) => t('admin.collections.announce.failed', { message: collectionErrorText(caught, t, locale) }),
  );
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const values = announcing && { count: announcing.count, total: formatCents(announcing.cents, locale), date: formatWeekday(announcing.collectionDate, locale) };
  const message = announcing && values && (
    <>
      <p>{t('admin.collections.announce.text', values)}</p>
      <p>{t('admin.collections.announce.purpose', { purpose: announcing.purpose })}</p>
      <p>{t('admin.collections.announce.after')}</p>
    </>
  );
  return (
    <ConfirmDialog open={announcing !== null} title={t('admin.collections.announce.title')} message={message}
      confirmLabel={t('admin.collections.announce.confirm')} busyLabel={t('admin.collections.announce.sending')} cancelLabel={t('admin.controls.cancel')}
      onConfirm={confirm} onCancel={onClose} busy={busy} error={error} />
  );
}
