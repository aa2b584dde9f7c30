/**
 * The family's data to take away (a JSON file) and the end of the portal account (GDPR articles
 * 15, 17 and 20). Deleting the account leaves the membership and the office's records alone, and
 * the dialog says so before the parent confirms.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { exportMyData } from '../../api/members';
import { apiErrorKey } from '../../api/errorMessages';
import { signOutHere } from '../../auth/signOutHere';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { loginNotices, paths } from '../../routing/paths';
import { DeleteAccountDialog } from './DeleteAccountDialog';

function saveAsFile(name: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // The download has its own copy by now; the next task frees the blob.
  setTimeout(() => URL.revokeObjectURL(url));
}

export function YourDataCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'download' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy('download');
    setError(null);
    try {
      const data = await exportMyData();
      saveAsFile(`family-portal-data-${data.exportedAt.slice(0, 10)}.json`, `${JSON.stringify(data, null, 2)}\n`);
    } catch (caught) {
      setError(t(apiErrorKey(caught)));
    } finally {
      setBusy(null);
    }
  }

  async function deleted() {
    // The account is gone: end the session here too, with its data and its push subscription on this device.
    await signOutHere();
    await navigate(paths.login, { replace: true, state: { notice: loginNotices.accountDeleted } });
  }

  const button = 'rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-60';
  return (
    <Card title={t('family.data.title')}>
      <p className="text-sm text-slate-700">{t('family.data.intro')}</p>
      {error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={() => void download()} disabled={busy !== null} className={`${button} border-teal-700 text-teal-800 hover:bg-teal-50`}>
          {busy === 'download' ? t('family.data.downloading') : t('family.data.download')}
        </button>
        <button type="button" onClick={() => setConfirming(true)} disabled={busy !== null} className={`${button} border-red-700 text-red-800 hover:bg-red-50`}>
          {t('family.data.delete')}
        </button>
      </div>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} onDeleted={() => void deleted()} />
    </Card>
  );
}
