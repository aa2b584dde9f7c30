import type { ClosedDay } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { buildSchoolCalendars, type CalendarSources } from './schoolCalendar';

const row = (id: string, firstDay: string, lastDay: string | null, scope: Partial<ClosedDay> = {}): ClosedDay => ({
  id,
  firstDay,
  lastDay,
  name: id,
  lessonId: null,
  roomHourId: null,
  ...scope,
});
const sources: CalendarSources = {
  closedDays: [
    row('Weihnachtsferien', '2026-12-21', '2027-01-03'),
    row('Pädagogischer Tag', '2026-11-12', null),
    row('Sommerferien', '2026-07-09', '2026-08-19'),
    row('Chess off', '2027-02-04', null, { lessonId: 'L2' }),
    row('Typo', '2026-11-13', null, { lessonId: 'L99' }),
    row('Room typo', '2026-11-13', null, { roomHourId: 'RH99' }),
  ],
  quarters: [
    { id: 'Q3', name: '2026 Q3', firstDay: '2026-07-01', lastDay: '2026-09-30' },
    { id: 'Q4', name: '2026 Q4', firstDay: '2026-10-01', lastDay: '2026-12-31' },
    { id: 'Q5', name: '2027 Q1', firstDay: '2027-01-01', lastDay: '2027-03-31' },
  ],
  lessonIds: new Set(['L1', 'L2']),
  roomHourIds: new Set(['RH1']),
};

describe('buildSchoolCalendars', () => {
  const { calendars, warnings } = buildSchoolCalendars(sources, '2026-12-04');

  it("gives each quarter not over the closed days that touch it, in date order, a one-day row's last day filled in", () => {
    expect([...calendars.keys()]).toEqual(['Q4', 'Q5']);
    expect(calendars.get('Q4')?.closedDays.map((day) => [day.id, day.firstDay, day.lastDay])).toEqual([
      ['Pädagogischer Tag', '2026-11-12', '2026-11-12'],
      ['Weihnachtsferien', '2026-12-21', '2027-01-03'],
    ]);
    // The holidays across New Year are in both quarters.
    expect(calendars.get('Q5')?.closedDays.map((day) => day.id)).toEqual(['Weihnachtsferien', 'Chess off']);
    expect(calendars.get('Q5')?.quarter).toEqual({ id: 'Q5', name: '2027 Q1', firstDay: '2027-01-01', lastDay: '2027-03-31' });
  });

  it('warns the office of a row naming a lesson or room hour the school does not have, which closes nothing', () => {
    expect(warnings).toEqual([
      { table: 'closedDays', key: 'Typo', reason: 'column "Lesson ID": no lesson "L99"; closes nothing' },
      { table: 'closedDays', key: 'Room typo', reason: 'column "Room Hour ID": no room hour "RH99"; closes nothing' },
    ]);
    expect(JSON.stringify([...calendars.values()])).not.toContain('Typo');
  });

  it('has no calendar for a quarter without closed days, nor once a quarter is over', () => {
    expect(buildSchoolCalendars({ ...sources, closedDays: [] }, '2026-12-04').calendars.size).toBe(0);
    expect([...buildSchoolCalendars(sources, '2027-01-01').calendars.keys()]).toEqual(['Q5']);
  });
});
