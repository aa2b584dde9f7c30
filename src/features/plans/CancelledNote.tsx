import { useTranslation } from 'react-i18next';
import type { PlanCancellation } from '../../domain/notices';
import { useLocale } from '../../i18n/useLocale';
import { formatDay } from '../../lib/schoolClock';

/** "Cancelled on 7 December 2026: the teacher is ill", beside the course or the time it concerns. */
export function CancelledNote({ cancellations }: { cancellations: readonly PlanCancellation[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (cancellations.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5">
      {cancellations.map((cancellation) => (
        <li key={cancellation.noticeId} className="rounded border-l-4 border-amber-500 bg-amber-50 px-2 py-0.5 text-amber-950 break-words">
          {t('notices.cancelledOn', { date: formatDay(cancellation.date, locale, 'long'), reason: cancellation.reason })}
        </li>
      ))}
    </ul>
  );
}
