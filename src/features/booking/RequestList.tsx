import { useTranslation } from 'react-i18next';
import { type BookingOffer, type BookingRequest, type RequestStatus, requestTimes, type WaitingListEntry } from '../../domain/booking';
import { TimeText } from './TimeText';
import { WaitingTimes } from './WaitingTimes';

const STATUS_CLASS: Record<RequestStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  waiting: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-100 text-slate-700',
};

/** A request's state in words (never by its colour alone). */
export function StatusPill({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>{t(`booking.status.${status}`)}</span>;
}

interface Props {
  requests: BookingRequest[];
  offers: BookingOffer[];
  /** The family's places on the waiting lists, by request. */
  waiting: WaitingListEntry[];
  childName: (childId: string) => string;
  lessonName: (lessonId: string) => string;
  /** Offered for requests still waiting for the office. */
  onWithdraw: (request: BookingRequest) => void;
  /** Offered for requests on a waiting list. */
  onLeave: (request: BookingRequest) => void;
}

const secondary = 'mt-2 rounded-md border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-50';

/**
 * The family's requests for the quarter with their state, the office's note, and Withdraw while
 * still requested; a request on a waiting list with its place in line per time, and Leave.
 */
export function RequestList({ requests, offers, waiting, childName, lessonName, onWithdraw, onLeave }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2">
      {requests.map((request) => {
        const offer = offers.find((candidate) => candidate.lessonId === request.lessonId);
        const times = requestTimes(request, offer);
        const title = t('booking.requestFor', { lesson: lessonName(request.lessonId), child: childName(request.childId) });
        return (
          <li key={request.id} className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm break-words">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{title}</p>
                {request.status === 'waiting' ? (
                  <WaitingTimes request={request} entry={waiting.find((entry) => entry.requestId === request.id)} offer={offer} />
                ) : (
                  times.length > 0 && (
                    <ul className="text-slate-700">
                      {times.map((time) => <li key={time.id}><TimeText time={time} /></li>)}
                    </ul>
                  )
                )}
              </div>
              <StatusPill status={request.status} />
            </div>
            {/* The office's words, as text: React escapes whatever they contain. */}
            {request.note && <p className="mt-1 text-slate-700">{t('booking.note', { note: request.note })}</p>}
            {request.status === 'requested' && (
              <button type="button" onClick={() => onWithdraw(request)} aria-label={t('booking.withdraw.label', { request: title })} className={secondary}>
                {t('booking.withdraw.open')}
              </button>
            )}
            {request.status === 'waiting' && (
              <button type="button" onClick={() => onLeave(request)} aria-label={t('booking.waiting.leave.label', { request: title })} className={secondary}>
                {t('booking.waiting.leave.open')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
