import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';

/** A panel's load failure, with a way to ask again. */
export function RetryableError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <Alert tone="error">{message}</Alert>
      <button type="button" onClick={onRetry} className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white">{t('common.retry')}</button>
    </div>
  );
}
