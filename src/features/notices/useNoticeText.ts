import { useTranslation } from 'react-i18next';
import { noticeTextFor, type NoticeDelivery } from '../../domain/notices';
import { currentLanguage } from '../../i18n';

/** The notice's title and body in the reader's language, else the first one the office gave. */
export function useNoticeText() {
  const { i18n } = useTranslation();
  const reader = currentLanguage(i18n.resolvedLanguage);
  return (notice: Pick<NoticeDelivery, 'texts' | 'languages'>) => noticeTextFor(notice.texts, notice.languages, reader);
}
