/**
 * Opening a notice marks it read: on screen at once (the badge and the list drop it), then at the
 * instant the server kept. If the server refuses or cannot be reached, the notice is unread again,
 * so that the family sees it as the office's count does.
 */
import { useCallback } from 'react';
import { markNoticeRead } from '../../api/notices';
import { useData } from '../../data/DataProvider';
import { isUnread, type NoticeDelivery } from '../../domain/notices';

/** `alsoMark`: the screen's own copies to mark too (the notices page's older notices). */
export function useMarkRead(alsoMark?: (noticeId: string, readAt: string | null) => void): (notice: NoticeDelivery) => void {
  const { applyReadMark } = useData();
  return useCallback(
    (notice: NoticeDelivery) => {
      if (!isUnread(notice)) return;
      const mark = (noticeId: string, readAt: string | null) => {
        applyReadMark(noticeId, readAt);
        alsoMark?.(noticeId, readAt);
      };
      mark(notice.noticeId, new Date().toISOString());
      markNoticeRead(notice.noticeId).then(
        (answer) => mark(answer.noticeId, answer.readAt),
        (error: unknown) => {
          console.error('Marking a notice read failed', error);
          mark(notice.noticeId, null);
        },
      );
    },
    [applyReadMark, alsoMark],
  );
}
