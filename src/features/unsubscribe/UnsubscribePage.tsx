/**
 * /unsubscribe?token=…, the link at the foot of every parent's e-mail: one click stops that kind of
 * e-mail, without signing in (the signed token is the proof). A button rather than on opening the
 * page, so that a mail scanner that opens links does not unsubscribe anyone.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { unsubscribe } from '../../api/members';
import { apiErrorKey } from '../../api/errorMessages';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { primaryButtonClass, PublicLayout } from '../../components/PublicLayout';

export default function UnsubscribePage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setState('busy');
    setError(null);
    try {
      await unsubscribe(token);
      setState('done');
    } catch (caught) {
      setState('ready');
      // A refused token is a link that was altered or cut: say so rather than "invalid request".
      setError(caught instanceof ApiError && caught.code === 'invalid-argument' ? t('unsubscribe.invalid') : t(apiErrorKey(caught)));
    }
  }

  return (
    <PublicLayout title={t('unsubscribe.title')}>
      {state === 'done' ? (
        <Alert tone="success">{t('unsubscribe.done')}</Alert>
      ) : (
        <>
          <p className="text-slate-700">{t('unsubscribe.intro')}</p>
          {error && <Alert tone="error">{error}</Alert>}
          <button type="button" onClick={() => void confirm()} disabled={state === 'busy' || !token} className={primaryButtonClass}>
            {t('unsubscribe.confirm')}
          </button>
        </>
      )}
    </PublicLayout>
  );
}
