/**
 * Opening a notice marks it read: on screen at once (the badge and the list drop it), then at the
 * instant the server kept. If the server refuses or cannot be reached, the notice is unread again,
 * so that the family sees it as the office's count does.
 */
import { useCallback } from 'react';
import { markNoticeRead } from '../../api/notices';
import { useData } from '../../data/DataProvider';
import { isUnread, type NoticeDelivery } from '../../domain/notices';

export function useMarkRead(): (notice: NoticeDelivery) => void {
  const { applyReadMark } = useData();
  return useCallback(
    (notice: NoticeDelivery) => {
      if (!isUnread(notice)) return;
      applyReadMark(notice.noticeId, new Date().toISOString());
      markNoticeRead(notice.noticeId).then(
        (answer) => applyReadMark(answer.noticeId, answer.readAt),
        (error: unknown) => {
          console.error('Marking a notice read failed', error);
          applyReadMark(notice.noticeId, null);
        },
      );
    },
    [applyReadMark],
  );
}
