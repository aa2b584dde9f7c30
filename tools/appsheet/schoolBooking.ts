/**
 * The booking tables of a school made from its own rows (booking.ts): for a new school, or a store
 * kept from before booking existed.
 */
import { APPSHEET_TABLES } from '@family-portal/contract';
import { generateBooking } from './booking';
import { demoLessonWeeks } from './closedDays';
import type { DemoStore } from './store';
import { lessonCost, MIN_LESSONS } from './terms';

/**
 * Adds the booking tables (booking.ts) to a school, made from its own rows: a new school's, or a
 * store kept from before booking existed, whose edits stay. The confirmed requests' plans join
 * its Plans and their cost its members' balances; a store with none of the school's planned
 * quarters is offered nothing. Changes the store and returns it.
 */
export function addBooking(store: DemoStore): DemoStore {
  const table = (name: keyof typeof APPSHEET_TABLES) => (store.tables[APPSHEET_TABLES[name].appSheetTable] ??= []);
  const planned = table('quarters').find((quarter) => quarter.Status === 'Geplant');
  const weeksOf = demoLessonWeeks(store.tables[APPSHEET_TABLES.closedDays.appSheetTable] ?? [], table('roomHours'));
  const booking = generateBooking({
    seed: store.meta.seed,
    today: store.meta.today,
    nextQuarter: planned && { id: String(planned['Quarter ID']), firstDay: String(planned['First Day']), lastDay: String(planned['Last Day']) },
    lessonWeeks: weeksOf,
    lessons: table('lessons'),
    roomHours: table('roomHours'),
    members: table('members'),
    children: table('children'),
    demoLessons: MIN_LESSONS,
    lessonCost,
  });
  table('plans').push(...booking.plans);
  store.tables[APPSHEET_TABLES.offers.appSheetTable] = booking.offers;
  store.tables[APPSHEET_TABLES.bookingRequests.appSheetTable] = booking.requests;
  store.meta.booking = true;
  return store;
}
