import { describe, expect, it } from 'vitest';
import { closedDay } from '../../tests/support/closedDays';
import { formatDayMonth, formatDayRange } from './dates';
import { nextClosedDays, planDates } from './lessonDates';
import type { RoomHour } from './types';

const roomHours: RoomHour[] = [
  { id: 'RH-THU', lessonId: 'L1', dayOfWeek: 'Do.', hourRefLabel: '3 16:00-16:45', roomName: 'Musikraum' },
  { id: 'RH-SAT', lessonId: 'L1', dayOfWeek: 'Sa.', hourRefLabel: '1 10:00-10:45', roomName: null },
  // A weekday the office's list does not know (the contract keeps such a row out; a copy may not).
  { id: 'RH-X', lessonId: 'L1', dayOfWeek: 'nach Absprache' as RoomHour['dayOfWeek'], hourRefLabel: '5', roomName: null },
];
const quarter = { firstDay: '2026-10-01', lastDay: '2026-12-31' };
const christmas = closedDay('Weihnachtsferien', '2026-12-21', '2027-01-03');
const unity = closedDay('Tag der Deutschen Einheit', '2026-10-03', '2026-10-03');
const training = closedDay('Pädagogischer Tag', '2026-11-12', '2026-11-12');

describe('planDates', () => {
  it('gives the Thursdays of the quarter less the closed ones, and the closed days that took some', () => {
    const dates = planDates({ lessonId: 'L1', roomHourIds: ['RH-THU'] }, roomHours, quarter, [unity, training, christmas]);
    expect(dates?.dates).toHaveLength(11);
    expect(dates?.dates).not.toContain('2026-12-24');
    expect(dates?.dates.at(-1)).toBe('2026-12-17');
    // 3 October is a Saturday: it takes no Thursday.
    expect(dates?.closedDays.map((day) => day.id)).toEqual(['Pädagogischer Tag', 'Weihnachtsferien']);
  });

  it('merges two weekly times in date order, and a closed day takes only the room hour it names', () => {
    const dates = planDates({ lessonId: 'L1', roomHourIds: ['RH-THU', 'RH-SAT'] }, roomHours, quarter, [unity, closedDay('Saal belegt', '2026-10-08', '2026-10-08', { roomHourId: 'RH-SAT' })]);
    expect(dates?.dates.slice(0, 4)).toEqual(['2026-10-01', '2026-10-08', '2026-10-10', '2026-10-15']);
    expect(dates?.closedDays.map((day) => day.id)).toEqual(['Tag der Deutschen Einheit']);
  });

  it('tells nothing without a room hour on a weekday', () => {
    expect(planDates({ lessonId: 'L1', roomHourIds: ['RH-X'] }, roomHours, quarter, [])).toBeNull();
    expect(planDates({ lessonId: 'L1', roomHourIds: [] }, roomHours, quarter, [])).toBeNull();
  });
});

describe('nextClosedDays', () => {
  const plans = [{ lessonId: 'L1', roomHourIds: ['RH-THU'] }];
  it("gives the soonest from today on: the whole school's and those of the family's lessons", () => {
    const all = [unity, training, closedDay('Chess', '2026-12-01', '2026-12-10', { lessonId: 'L9' }), closedDay('Music', '2026-12-10', '2026-12-10', { lessonId: 'L1' }), christmas];
    expect(nextClosedDays(all, plans, '2026-11-13').map((day) => day.id)).toEqual(['Music', 'Weihnachtsferien']);
    expect(nextClosedDays(all, plans, '2026-11-12', 5).map((day) => day.id)).toEqual(['Pädagogischer Tag', 'Music', 'Weihnachtsferien']);
    // Still closed today: the holidays are named until their last day.
    expect(nextClosedDays([christmas], plans, '2027-01-03').map((day) => day.id)).toEqual(['Weihnachtsferien']);
    expect(nextClosedDays([closedDay('Other room', '2026-12-01', '2026-12-01', { lessonId: 'L1', roomHourId: 'RH-SAT' })], plans, '2026-11-01')).toEqual([]);
  });
});

describe('dates in a list', () => {
  // ICU puts thin or no-break spaces around the dash: read as plain spaces here.
  const plain = (text: string) => text.replace(/\s+/g, ' ');
  it('writes a day with its month, and a range (with its years across New Year), in the three languages', () => {
    expect(formatDayMonth('2026-12-24', 'en-GB')).toBe('24 Dec');
    expect(formatDayMonth('2026-12-24', 'de-DE')).toBe('24. Dez.');
    expect(formatDayMonth('2026-12-24', 'ru-RU')).toBe('24 дек.');
    expect(plain(formatDayRange('2026-10-12', '2026-10-23', 'en-GB'))).toMatch(/^12 ?– ?23 Oct$/);
    expect(plain(formatDayRange('2026-12-21', '2027-01-03', 'en-GB'))).toBe('21 Dec 2026 – 3 Jan 2027');
    expect(plain(formatDayRange('2026-12-21', '2027-01-03', 'de-DE'))).toMatch(/^21\. Dez\. 2026\s?[–-]\s?3\. Jan\. 2027$/);
    expect(plain(formatDayRange('2026-12-21', '2027-01-03', 'ru-RU'))).toMatch(/^21 дек\. 2026( г\.)?\s?[–-]\s?3 янв\. 2027( г\.)?$/);
  });
});
