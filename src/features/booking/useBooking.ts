/**
 * The next quarter's offer and the family's requests for a screen, once the family's own data is
 * on screen: the booking page reads it with the free places once a session (moving between the
 * screens reads nothing again), and again after a send, a withdrawal, a waiting list step, or an
 * answer that shows the offer on screen was out of date (full, closed, already requested); the dashboard
 * reads it lightly (no places), only when the session has not read it yet, and only once the
 * figures are shown, so that it never delays them. Not later than that: waiting for an idle
 * moment made its read the last work of the load, a second after the figures on a phone.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useData } from '../../data/DataProvider';
import { useBookingStore, type BookingStatus } from '../../data/BookingProvider';
import type { BookingData, BookingRequest } from '../../domain/booking';
import { bookingQuarter } from '../../domain/booking';
import type { Quarter } from '../../domain/types';
import { todayIso } from '../../lib/schoolClock';

export interface Booking {
  /** The quarter families book now (null when none is planned, or before the family's data). */
  quarter: Quarter | null;
  status: BookingStatus;
  /** Null before it is read and where the school has no booking. */
  data: BookingData | null;
  /** Reads the offer again, with its places. */
  refresh: () => Promise<void>;
  applyRequest: (request: BookingRequest) => void;
}

export function useBooking({ withPlaces }: { withPlaces: boolean }): Booking {
  const family = useData();
  const store = useBookingStore();
  const today = todayIso();
  const memberId = family.loading ? null : (family.member?.id ?? null);
  const quarter = useMemo(() => (memberId ? bookingQuarter(family.quarters, today) : null), [memberId, family.quarters, today]);
  const quarterId = quarter?.id ?? null;
  const { ensure, refresh: read } = store ?? {};

  useEffect(() => {
    if (memberId && quarterId && ensure) ensure({ memberId, quarterId, today, withPlaces });
  }, [memberId, quarterId, today, withPlaces, ensure]);

  const refresh = useCallback(async () => {
    if (memberId && quarterId && read) await read({ memberId, quarterId, today, withPlaces: true });
  }, [memberId, quarterId, today, read]);
  const ours = !!store && !!memberId && !!quarterId && store.key === `${memberId}/${quarterId}`;
  // The light read holds only the offers the entries name: a screen that lists the offer waits for its own read.
  const enough = ours && (store.withPlaces || !withPlaces);
  return {
    quarter,
    status: !ours ? 'idle' : enough || store.status === 'error' ? store.status : 'loading',
    data: enough ? store.data : null,
    refresh,
    applyRequest: store?.applyRequest ?? noop,
  };
}

const noop = () => undefined;
