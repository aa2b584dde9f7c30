import { describe, expect, it } from 'vitest';
import { weeksWarnings, type CountedCourse } from './weeksCheck';

const quarters = new Map([['Q4', { name: '2026 Q4', firstDay: '2026-10-01', lastDay: '2026-12-31' }]]);
const christmas = { firstDay: '2026-12-21', lastDay: '2027-01-03', lessonId: null, roomHourId: null };
const course = (overrides: Partial<CountedCourse>): CountedCourse => ({
  table: 'plans',
  key: 'PL1',
  quarterId: 'Q4',
  lessonId: 'L1',
  weeks: 12,
  roomHours: [{ id: 'RH1', dayOfWeek: 'Do.' }],
  ...overrides,
});

describe('weeksWarnings', () => {
  it("warns of a course whose weeks differ from the Thursdays left after the closed days, and of nothing else", () => {
    // 14 Thursdays in 2026 Q4, two of them (24 and 31 December) in the Christmas holidays.
    expect(weeksWarnings([course({ weeks: 12 })], quarters, [christmas])).toEqual([]);
    expect(weeksWarnings([course({ weeks: 14 }), course({ table: 'offers', key: 'O1', weeks: 11 })], quarters, [christmas])).toEqual([
      { table: 'plans', key: 'PL1', reason: 'column "Weeks" says 14, but 2026 Q4 has 12 lesson dates for it once the closed days are left out; families see the dates' },
      { table: 'offers', key: 'O1', reason: 'column "Weeks" says 11, but 2026 Q4 has 12 lesson dates for it once the closed days are left out; families see the dates' },
    ]);
  });

  it('counts a course twice a week by its busiest time, and leaves alone what it cannot count', () => {
    // Mondays: 13, less 21 and 28 December and 14 December (closed for that time): 10; Thursdays 12.
    const twice = course({ roomHours: [{ id: 'RH1', dayOfWeek: 'Do.' }, { id: 'RH2', dayOfWeek: 'Mo.' }] });
    expect(weeksWarnings([twice], quarters, [christmas, { firstDay: '2026-12-14', lastDay: '2026-12-14', lessonId: null, roomHourId: 'RH2' }])).toEqual([]);
    expect(weeksWarnings([course({ roomHours: [{ id: 'RH9', dayOfWeek: '' }] }), course({ quarterId: 'Q-over' })], quarters, [])).toEqual([]);
  });
});
