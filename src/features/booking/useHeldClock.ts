/**
 * "Now" for the places held on the waiting lists: read again the moment the next one runs out, so
 * that its buttons give way to "the time ran out" without a reload, and when the page is shown
 * again (a phone's timers sleep with its screen).
 */
import { useEffect, useState } from 'react';
import { nextRunOut } from '../../domain/waitingList';
import type { WaitingListEntry } from '../../domain/booking';

/** setTimeout's longest wait; a hold of days is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export function useHeldClock(entries: readonly Pick<WaitingListEntry, 'offer'>[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = nextRunOut(entries, now);

  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0) + 1, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [next, now]);

  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, []);

  return now;
}
