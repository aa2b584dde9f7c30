/**
 * One run opened: its families with each debit's status and what changed since the announcement,
 * and what the office does next. An announced run: take a family out (it paid by transfer), or
 * create the bank's file, which files the run. A filed run: the same file again, and the returns
 * the bank reports.
 */
import { previousBusinessDay, type CollectionCandidate, type CollectionRun } from '@family-portal/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileCollection } from '../../../api/officeCollections';
import { Alert } from '../../../components/Alert';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ConfirmDialog';
import { familyStore } from '../../../data/firebase';
import { debitRowsOf, formatCents, type DebitRow } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';
import { PanelStates } from '../PanelStates';
import { useAsyncResource } from '../useAsyncResource';
import { collectionErrorText } from './collectionErrors';
import { DebitCards, DebitsTable } from './DebitRows';
import { ReturnDialog } from './ReturnDialog';
import { TakeOutDialog } from './TakeOutDialog';

interface Props {
  id: string;
  run: CollectionRun;
  families: readonly CollectionCandidate[] | null;
  onChanged: (familyLeft: boolean) => void;
}

/** Hands the bank's file to the browser as a download. */
function download(fileName: string, xml: string) {
  const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  // The download has its own copy by now; the next task frees the blob.
  setTimeout(() => URL.revokeObjectURL(url));
}

export function RunDetails({ id, run, families, onChanged }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const load = useCallback(async () => (await familyStore()).readRunDebits(run.id), [run.id]);
  const debits = useAsyncResource(load);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [takingOut, setTakingOut] = useState<DebitRow | null>(null);
  const [returning, setReturning] = useState<DebitRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const lastDay = formatWeekday(previousBusinessDay(run.collectionDate), locale);
  const rows = debits.value ? debitRowsOf(debits.value.debits, debits.value.mandates, families) : null;
  const changed = (text: string, familyLeft: boolean) => {
    setDone(text);
    void debits.reload();
    onChanged(familyLeft);
  };

  const filing = useConfirmedAction(asking, async () => {
    const file = await fileCollection(run.id);
    download(file.fileName, file.xml);
    setAsking(false);
    changed(t('admin.collections.run.filedDone', { fileName: file.fileName, date: lastDay }), false);
  }, (caught) => t('admin.collections.run.fileFailed', { message: collectionErrorText(caught, t, locale) }));

  const downloadAgain = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const file = await fileCollection(run.id);
      download(file.fileName, file.xml);
      setDone(t('admin.collections.run.downloaded', { fileName: file.fileName }));
    } catch (caught) {
      setDownloadError(t('admin.collections.run.fileFailed', { message: collectionErrorText(caught, t, locale) }));
    } finally {
      setDownloading(false);
    }
  };

  const busy = filing.busy || downloading;
  const rowProps = { rows: rows ?? [], run, busy, onTakeOut: setTakingOut, onReturn: setReturning };
  return (
    <div id={id} className="mt-3 space-y-3 rounded-lg border border-slate-200 p-3">
      {done && <Alert tone="success">{done}</Alert>}
      {downloadError && <Alert tone="error">{downloadError}</Alert>}
      <div className="flex flex-wrap gap-2">
        {run.status === 'announced' ? (
          <button type="button" disabled={busy || !rows} onClick={() => setAsking(true)} className="rounded-md bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
            {t('admin.collections.run.file')}
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => void downloadAgain()} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60">
            {downloading ? t('admin.collections.run.downloading') : t('admin.collections.run.fileAgain')}
          </button>
        )}
      </div>
      <PanelStates items={rows} loading={debits.loading} error={debits.error && t('admin.collections.run.loadError', { message: t(debits.error) })} onRetry={() => void debits.reload()}
        empty={t('admin.collections.run.empty')} skeletons={2}>
        {() => (
          <div aria-busy={debits.loading}>
            {/* Both are in the page: CSS shows the table from the lg breakpoint and the cards below it. */}
            <DebitsTable {...rowProps} />
            <DebitCards {...rowProps} />
          </div>
        )}
      </PanelStates>
      <ConfirmDialog open={asking} title={t('admin.collections.run.fileConfirm.title')}
        message={t('admin.collections.run.fileConfirm.text', { id: run.id, count: run.debitCount, total: formatCents(run.totalCents, locale), date: formatWeekday(run.collectionDate, locale), lastDay })}
        confirmLabel={t('admin.collections.run.fileConfirm.confirm')} busyLabel={t('admin.collections.run.fileConfirm.busy')} cancelLabel={t('admin.controls.cancel')}
        onConfirm={filing.confirm} onCancel={() => setAsking(false)} busy={filing.busy} error={filing.error} />
      <TakeOutDialog run={run} row={takingOut} onClose={() => setTakingOut(null)} onDone={(text) => { setTakingOut(null); changed(text, true); }} />
      <ReturnDialog row={returning} onClose={() => setReturning(null)} onDone={(text) => { setReturning(null); changed(text, true); }} />
    </div>
  );
}
