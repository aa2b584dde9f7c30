/**
 * The quarter families book: the one after the current quarter, today on the school's clock
 * (the same rule as the calendar feed's "next quarter").
 */
import { currentQuarter, nextQuarter, type QuarterFacts } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { dayIn, schoolTimeZone } from '../lib/timeZone';

export interface BookingQuarter extends QuarterFacts {
  id: string;
}

/** Today's date on the school's clock, YYYY-MM-DD. */
export const schoolToday = (now = new Date()) => dayIn(now, schoolTimeZone());

/** The next quarter (null when none is planned) and today, as requests are checked against them. */
export async function bookingQuarter(db: Firestore, now = new Date()): Promise<{ quarter: BookingQuarter | null; today: string }> {
  const today = schoolToday(now);
  const snapshot = await db.collection('quarters').get();
  const quarters: BookingQuarter[] = snapshot.docs.map((doc) => ({
    id: doc.id,
    name: String(doc.get('name') ?? ''),
    status: String(doc.get('status') ?? ''),
    firstDay: String(doc.get('firstDay') ?? ''),
    lastDay: String(doc.get('lastDay') ?? ''),
  }));
  return { quarter: nextQuarter(quarters, currentQuarter(quarters, today), today), today };
}
