/** A closed day as school_calendar holds it (docs/calendar.md), for the unit tests of its readers. */
import type { CalendarClosedDay } from '@family-portal/contract';

/** The whole school closed from `firstDay` to `lastDay` (one day by default), named by its id unless `scope` says otherwise. */
export const closedDay = (id: string, firstDay: string, lastDay = firstDay, scope: Partial<Omit<CalendarClosedDay, 'id' | 'firstDay' | 'lastDay'>> = {}): CalendarClosedDay => ({
  id,
  firstDay,
  lastDay,
  name: id,
  lessonId: null,
  roomHourId: null,
  ...scope,
});
