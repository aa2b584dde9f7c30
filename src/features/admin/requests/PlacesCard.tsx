import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { hourLabel, sortRoomHours, weekdayName } from '../../../domain/schedule';
import { useLocale } from '../../../i18n/useLocale';
import { formatDay } from '../../../lib/schoolClock';
import { freeOf, type OfficeOffer } from './requestsView';

/** The console's dates are German, whatever the language (design section 6). */

function Offer({ offer }: { offer: OfficeOffer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="border-t border-slate-100 py-3">
      <h3 className="font-semibold break-words text-slate-900">{offer.lessonName}</h3>
      <p className="text-slate-600">
        {[
          offer.teacherName && t('admin.requests.places.teacher', { name: offer.teacherName }),
          t('admin.requests.places.weeks', { count: offer.weeks }),
          t('admin.requests.places.until', { date: formatDay(offer.requestsUntil, locale) }),
        ].filter(Boolean).join(' · ')}
      </p>
      <ul aria-label={t('admin.requests.places.roomHours', { lesson: offer.lessonName })} className="mt-1 space-y-1">
        {sortRoomHours(offer.roomHours).map((roomHour) => {
          const free = freeOf(offer, roomHour.id);
          return (
            <li key={roomHour.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="min-w-0 break-words text-slate-800">
                {[`${weekdayName(roomHour.dayOfWeek, locale)} ${hourLabel(roomHour.hourRefLabel)}`, roomHour.roomName].filter(Boolean).join(', ')}
              </span>
              <span className={`font-medium whitespace-nowrap ${free === 0 ? 'text-red-800' : 'text-slate-900'}`}>
                {free === 0 ? t('admin.requests.places.full', { places: offer.places }) : t('admin.requests.places.free', { free, places: offer.places })}
              </span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** Per offered lesson and room hour: how many of its places are still free. */
export function PlacesCard({ offers }: { offers: OfficeOffer[] }) {
  const { t } = useTranslation();
  const sorted = [...offers].sort((a, b) => a.lessonName.localeCompare(b.lessonName) || a.offerId.localeCompare(b.offerId));
  return (
    <Card title={t('admin.requests.places.title')}>
      {/* Two columns where there is room: a school offers dozens of lessons. */}
      <ul className="-mb-3 grid gap-x-8 text-sm md:grid-cols-2">
        {sorted.map((offer) => <Offer key={offer.offerId} offer={offer} />)}
      </ul>
    </Card>
  );
}
