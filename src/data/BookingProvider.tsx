/**
 * The session's copy of the next quarter's offer and the family's requests (data/booking.ts),
 * shared by the dashboard's entry and the plans page: read when a screen first asks for it, after
 * the family's own data, and read again after the parent sends or withdraws a request or takes a
 * step on a waiting list. The
 * function's answer shows at once; the read that follows it brings Firestore's copy (the function
 * writes it before answering), and a read that began earlier and answers later is not shown.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { BookingData, BookingRequest } from '../domain/booking';
import { withRequest } from '../domain/booking';
import { familyStore } from './firebase';
import type { BookingQuery } from './booking';

export type BookingStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface BookingState {
  status: BookingStatus;
  /** The offer and requests read last; null before the first read and where the school has no booking. */
  data: BookingData | null;
  /** Which family and quarter `data` is of ("memberId/quarterId"). */
  key: string | null;
  /** `data` has the free places (a read with places came back). */
  withPlaces: boolean;
}

export interface BookingStore extends BookingState {
  /** Reads unless what is held (or being read) already answers the query: the dashboard's light read. */
  ensure: (query: BookingQuery) => void;
  /** Reads again (the plans page on opening, and after a request was sent or withdrawn). */
  refresh: (query: BookingQuery) => Promise<void>;
  /** The function's answer: the request as AppSheet and Firestore now hold it. */
  applyRequest: (request: BookingRequest) => void;
}

const INITIAL: BookingState = { status: 'idle', data: null, key: null, withPlaces: false };
const keyOf = (query: Pick<BookingQuery, 'memberId' | 'quarterId'>) => `${query.memberId}/${query.quarterId}`;

export const BookingContext = createContext<BookingStore | null>(null);

export function BookingProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<BookingState>(INITIAL);
  // What is held, at once (a render may come later): two screens asking in one moment read once.
  const held = useRef(state);
  const hold = useCallback((next: BookingState) => {
    held.current = next;
    setState(next);
  }, []);
  /** The latest read: an earlier one that answers later is not shown. */
  const reads = useRef(0);
  /** What is being read now, so that the dashboard does not ask twice. */
  const pending = useRef<{ key: string; withPlaces: boolean } | null>(null);

  const refresh = useCallback(
    async (query: BookingQuery) => {
      const read = ++reads.current;
      const key = keyOf(query);
      pending.current = { key, withPlaces: query.withPlaces };
      // The same family and quarter stay on screen while read again; another one's never do.
      if (held.current.key !== key) hold({ ...INITIAL, status: 'loading', key });
      else if (held.current.status === 'error' || held.current.status === 'idle') hold({ ...held.current, status: 'loading' });
      try {
        const data = await (await familyStore()).readBooking(query);
        if (read !== reads.current) return;
        hold({ status: 'ready', data, key, withPlaces: query.withPlaces });
      } catch (error) {
        if (read !== reads.current) return;
        console.error('Loading the course offer failed', error);
        hold({ ...held.current, status: 'error', key });
      } finally {
        if (read === reads.current) pending.current = null;
      }
    },
    [hold],
  );

  const ensure = useCallback(
    (query: BookingQuery) => {
      const key = keyOf(query);
      const enough = (withPlaces: boolean) => withPlaces || !query.withPlaces;
      if (pending.current?.key === key && enough(pending.current.withPlaces)) return;
      if (held.current.key === key && held.current.status === 'ready' && enough(held.current.withPlaces)) return;
      void refresh(query);
    },
    [refresh],
  );

  const applyRequest = useCallback(
    (request: BookingRequest) => {
      const { data } = held.current;
      if (data?.quarter.id === request.quarterId) hold({ ...held.current, data: { ...data, requests: withRequest(data.requests, request) } });
    },
    [hold],
  );

  const value = useMemo(() => ({ ...state, ensure, refresh, applyRequest }), [state, ensure, refresh, applyRequest]);
  return <BookingContext.Provider value={value}>{children}</BookingContext.Provider>;
}

/** The session's booking data, or null outside the parent's own frame (an admin's view of a family has none). */
export function useBookingStore(): BookingStore | null {
  return useContext(BookingContext);
}
