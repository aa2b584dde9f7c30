import { useTranslation } from 'react-i18next';
import { INVALID_DATA_MESSAGE } from '../data/loadErrors';
import { Alert } from './Alert';

const MESSAGE_KEYS = {
  'Failed to fetch member data': 'dataErrors.member',
  'Failed to fetch children': 'dataErrors.children',
  'Failed to fetch payments': 'dataErrors.payments',
  'Failed to fetch other payments': 'dataErrors.otherPayments',
  'Failed to fetch quarters': 'dataErrors.quarters',
  'Failed to fetch teachers': 'dataErrors.teachers',
  'Failed to fetch lessons': 'dataErrors.lessons',
  'Failed to fetch plans': 'dataErrors.plans',
  'Failed to fetch room hours': 'dataErrors.roomHours',
  [INVALID_DATA_MESSAGE]: 'dataErrors.invalid',
} as const;

/** Spec section 8: the 'loading data' heading, the message, and (except on Family) a Retry that reloads. */
export function LoadError({ message, retry = true }: { message: string; retry?: boolean }) {
  const { t } = useTranslation();
  const key = MESSAGE_KEYS[message as keyof typeof MESSAGE_KEYS];
  return (
    <div className="space-y-3">
      <Alert tone="error" title={t('errors.loadingData')}>
        {key ? t(key) : message}
      </Alert>
      {retry && (
        <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
