/**
 * How recent the figures are, on every screen of the signed-in app: a quiet "as of …" line, a
 * gentle notice when the last successful sync is more than 26 hours old, and a clear one when
 * the device is offline and shows what it kept.
 */
import { useTranslation } from 'react-i18next';
import { useData } from '../data/DataProvider';
import { isStale } from '../domain/freshness';
import { formatSchoolInstant } from '../lib/schoolClock';
import { useOnline } from '../lib/useOnline';
import { useLocale } from '../i18n/useLocale';

const NOTICE = 'rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950';

export function FreshnessNote({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { lastSuccessfulSyncAt } = useData();
  const online = useOnline();
  const when = lastSuccessfulSyncAt ? formatSchoolInstant(lastSuccessfulSyncAt, locale) : null;

  if (!online) {
    return (
      <p role="status" className={NOTICE}>
        {when ? t('freshness.offline', { when }) : t('freshness.offlineUnknown')}
      </p>
    );
  }
  if (!lastSuccessfulSyncAt || !when) return null;
  if (isStale(lastSuccessfulSyncAt, now())) {
    return (
      <p role="status" className={NOTICE}>
        {t('freshness.stale', { when })}
      </p>
    );
  }
  return (
    <p className="text-right text-xs text-slate-600">
      <time dateTime={lastSuccessfulSyncAt}>{t('freshness.asOf', { when })}</time>
    </p>
  );
}
