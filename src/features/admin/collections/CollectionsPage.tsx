/**
 * The office's Direct debit tab (docs/payments.md, "The console's Direct debit tab"): a new
 * collection run (its date, the families who owe money and pay by direct debit, the announcement
 * to each of them), and the runs made, each with its families, the bank's file and the returns.
 */
import type { CollectionRun } from '@family-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { LegalLinks } from '../../../components/LegalLinks';
import { familyStore } from '../../../data/firebase';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { AdminFrame } from '../AdminFrame';
import { useAsyncResource } from '../useAsyncResource';
import { NewRun } from './NewRun';
import { RunsList } from './RunsList';
import { useCollectionPreview } from './useCollectionPreview';

const loadRuns = async () => (await familyStore()).readCollectionRuns();

export default function CollectionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.collections.title'));
  const preview = useCollectionPreview();
  const runs = useAsyncResource(loadRuns);
  const [opened, setOpened] = useState<string | null>(null);
  const [announced, setAnnounced] = useState<string | null>(null);

  const afterAnnounce = (run: CollectionRun) => {
    setAnnounced(t('admin.collections.announce.done', { count: run.debitCount, id: run.id }));
    setOpened(run.id);
    void runs.reload();
    preview.reload();
  };
  /** A family that left an open run (taken out, returned) may be collected again: the preview says so. */
  const afterChange = (familyLeft: boolean) => {
    void runs.reload();
    if (familyLeft) preview.reload();
  };

  return (
    <AdminFrame title={t('admin.collections.title')} subtitle={t('admin.collections.subtitle')} footer={runs.settled && <LegalLinks />}>
      {announced && <Alert tone="success">{announced}</Alert>}
      <NewRun preview={preview} onAnnounced={afterAnnounce} />
      <RunsList runs={runs.value} loading={runs.loading} error={runs.error} onReload={() => void runs.reload()} opened={opened} onOpen={setOpened}
        families={preview.latest?.families ?? null} onChanged={afterChange} />
    </AdminFrame>
  );
}
