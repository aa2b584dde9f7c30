import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyHeldBackDeletions, type SyncLog } from '../../api/adminSync';
import { ApiError } from '../../api/client';
import { apiErrorKey } from '../../api/errorMessages';
import { ConfirmDialog } from '../../components/ConfirmDialog';

type HeldBack = NonNullable<SyncLog['heldBackDeletions']>[number];

/**
 * Deletions the latest full sync held back, each with a deliberate way to apply them: a
 * confirmation that names the table and the count, then a full sync that deletes exactly those.
 */
export function HeldBackDeletions({ log, onApplied }: { log: SyncLog; onApplied: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<HeldBack | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);
  const items = log.heldBackDeletions ?? [];
  if (items.length === 0) return null;
  const tableName = (table: string) => t(`admin.tables.${table}` as 'admin.tables.members');

  async function apply(item: HeldBack) {
    setConfirming(null);
    setBusy(true);
    setMessage(null);
    try {
      await applyHeldBackDeletions(item.table, item.count);
      setMessage({ tone: 'status', text: t('admin.heldBack.applied') });
    } catch (error) {
      const reason = error instanceof ApiError && error.code === 'sync-already-running' ? t('admin.controls.alreadyRunning') : t(apiErrorKey(error));
      setMessage({ tone: 'alert', text: t('admin.controls.failed', { message: reason }) });
    } finally {
      setBusy(false);
      onApplied();
    }
  }

  return (
    <section aria-labelledby="held-back-title" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <h3 id="held-back-title" className="font-semibold">{t('admin.heldBack.title')}</h3>
      <p className="mt-1">{t('admin.heldBack.explain')}</p>
      <ul className="mt-2 space-y-2">
        {items.map((item) => (
          <li key={item.table} className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('admin.heldBack.item', { table: tableName(item.table), count: item.count })}</span>
            <button type="button" disabled={busy} onClick={() => setConfirming(item)}
              aria-label={t('admin.heldBack.applyLabel', { table: tableName(item.table) })}
              className="rounded-md border border-amber-700 px-3 py-1 font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60">
              {t('admin.heldBack.apply')}
            </button>
          </li>
        ))}
      </ul>
      {message && <p role={message.tone} className="mt-2">{message.text}</p>}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('admin.heldBack.confirmTitle', { table: tableName(confirming.table) }) : ''}
        message={confirming ? t('admin.heldBack.confirm', { table: tableName(confirming.table), count: confirming.count }) : ''}
        confirmLabel={t('admin.heldBack.confirmButton')}
        cancelLabel={t('admin.controls.cancel')}
        onConfirm={() => confirming && void apply(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
