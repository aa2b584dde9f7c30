import { useTranslation } from 'react-i18next';
import { cancellationLabel, isUnread, type NoticeDelivery } from '../../domain/notices';
import { useLocale } from '../../i18n/useLocale';
import { formatDay } from '../../lib/schoolClock';
import { useNoticeText } from './useNoticeText';

/**
 * A notice in a list (the dashboard's card, the notices page): its title, its kind and day, and
 * "New" in words until it is opened. Inside the button or link that opens it.
 */
export function NoticeSummary({ notice }: { notice: NoticeDelivery }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { title } = useNoticeText()(notice);
  const unread = isUnread(notice);
  const label = cancellationLabel(notice);
  return (
    <>
      <span className="min-w-0 flex-1">
        <span className={`block wrap-anywhere ${unread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{title}</span>
        <span className="block text-xs text-slate-600">
          {label && `${t(label)} · `}
          {formatDay(notice.sentAt, locale, 'long')}
        </span>
      </span>
      {unread && <span className="shrink-0 rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white">{t('notices.new')}</span>}
    </>
  );
}
