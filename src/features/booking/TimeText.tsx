import { timeRange, type OfferedRoomHour } from '../../domain/booking';
import { weekdayName } from '../../domain/schedule';
import { useLocale } from '../../i18n/useLocale';

/** "Mon 15:40–16:25 · Room 101", the weekday and time in the reader's language. */
export function TimeText({ time }: { time: Pick<OfferedRoomHour, 'dayOfWeek' | 'hourRefLabel' | 'roomName'> }) {
  const locale = useLocale();
  return (
    <span className="min-w-0">
      <span className="font-medium">{weekdayName(time.dayOfWeek, locale)}</span> <span className="tabular-nums">{timeRange(time.hourRefLabel, locale)}</span>
      {time.roomName && <span className="text-slate-600"> · {time.roomName}</span>}
    </span>
  );
}
