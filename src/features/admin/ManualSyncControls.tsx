import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { triggerSync, type SyncType } from '../../api/adminSync';
import { ApiError } from '../../api/client';
import { apiErrorKey } from '../../api/errorMessages';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { appConfig } from '../../lib/config';

type Message = { tone: 'success' | 'error'; text: string };

/** Delta and full sync by hand, each after a confirmation; one at a time (spec sections 4 and 5). */
export function ManualSyncControls({ onFinished }: { onFinished: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<SyncType | null>(null);
  const [running, setRunning] = useState<SyncType | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  async function run(type: SyncType) {
    setConfirming(null);
    setRunning(type);
    setMessage(null);
    try {
      const result = await triggerSync(type);
      setMessage({
        tone: 'success',
        // One whole sentence per type: a type word glued into a sentence breaks German and Russian.
        text: t(`admin.controls.success.${type}`, { members: result.totalMembers, children: result.totalChildren }),
      });
    } catch (error) {
      // A 409 means another sync (perhaps the scheduled one) holds the lease.
      const reason = error instanceof ApiError && error.code === 'sync-already-running' ? t('admin.controls.alreadyRunning') : t(apiErrorKey(error));
      setMessage({ tone: 'error', text: t('admin.controls.failed', { message: reason }) });
    } finally {
      setRunning(null);
      onFinished();
    }
  }

  const button = (type: SyncType, primary: boolean) => (
    <button type="button" onClick={() => setConfirming(type)} disabled={running !== null}
      className={`rounded-md px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${primary ? 'bg-teal-700 text-white hover:bg-teal-800' : 'border border-teal-700 text-teal-800 hover:bg-teal-50'}`}>
      {running === type ? t(`admin.controls.running.${type}`) : t(`admin.controls.${type}`)}
    </button>
  );

  return (
    <Card title={t('admin.controls.title')}>
      <div className="flex flex-wrap gap-3">
        {button('delta', true)}
        {button('full', false)}
      </div>
      {message && (
        <div role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-3 flex items-start justify-between gap-3 rounded-md border px-3 py-2 text-sm ${message.tone === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-green-300 bg-green-50 text-green-800'}`}>
          <span>{message.text}</span>
          <button type="button" onClick={() => setMessage(null)} className="shrink-0 font-semibold underline">{t('admin.controls.dismiss')}</button>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-600">{t('admin.controls.schedule', { zone: appConfig.schoolTimeZone })}</p>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`admin.controls.${confirming}`) : ''}
        message={confirming === 'full' ? t('admin.controls.confirmFull') : t('admin.controls.confirmDelta')}
        confirmLabel={t('admin.controls.confirm')}
        cancelLabel={t('admin.controls.cancel')}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
