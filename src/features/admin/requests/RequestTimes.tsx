import type { BookingRequestsAnswer, OfficeRequestRow } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { hourLabel, weekdayName } from '../../../domain/schedule';
import { ordinalNumber } from '../../../domain/waitingList';
import { useLocale } from '../../../i18n/useLocale';
import { formatAdminDateTime } from '../../../lib/schoolClock';
import { roomHoursOfRequest, waitingTimesOfRow, type OfferedRoomHour } from './requestsView';

const roomHourText = (roomHour: OfferedRoomHour, locale: string) =>
  [roomHour.dayOfWeek && `${weekdayName(roomHour.dayOfWeek, locale)} ${hourLabel(roomHour.hourRefLabel)}`, roomHour.roomName].filter(Boolean).join(', ') || roomHour.id;

/**
 * "Mi. 15:00–16:00, Raum 1": each room hour on a line of its own, the weekday in the reader's
 * language; a waiting request's in the family's order of preference, with its place in line and
 * the place offered to it.
 */
export function Times({ answer, row }: { answer: BookingRequestsAnswer; row: OfficeRequestRow }) {
  const locale = useLocale();
  if (row.status === 'waiting') return <WaitingTimes answer={answer} row={row} />;
  return (
    <ul>
      {roomHoursOfRequest(answer, row).map((roomHour) => <li key={roomHour.id}>{roomHourText(roomHour, locale)}</li>)}
    </ul>
  );
}

function WaitingTimes({ answer, row }: { answer: BookingRequestsAnswer; row: OfficeRequestRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ol>
      {waitingTimesOfRow(answer, row).map(({ roomHour, position, offeredUntil }) => (
        <li key={roomHour.id}>
          {roomHourText(roomHour, locale)}
          <span className="block text-slate-600">
            {position === null ? t('admin.requests.waiting.notInLine') : t('admin.requests.waiting.place', { place: ordinalNumber(position, locale) })}
          </span>
          {offeredUntil && (
            <span className="mt-0.5 block rounded bg-sky-50 px-2 py-0.5 font-medium text-sky-950">
              {t('admin.requests.waiting.offered', { until: formatAdminDateTime(offeredUntil, locale) })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

