import { describe, expect, it } from 'vitest';
import { nextLessonDay } from './demoNotices';

describe('nextLessonDay', () => {
  // 2026-11-28 is a Saturday.
  it('finds the first day after today on one of the weekdays', () => {
    expect(nextLessonDay(['Mi.', 'Mo.'], '2026-11-28', '2026-12-31')).toBe('2026-11-30');
  });

  it('from a week on, for the demo, when asked', () => {
    expect(nextLessonDay(['Mo.'], '2026-11-28', '2026-12-31', 8)).toBe('2026-12-07');
  });

  it('finds none past the quarter, on no weekday of the lesson, or beyond two weeks', () => {
    expect(nextLessonDay(['Mo.'], '2026-12-29', '2026-12-31')).toBeNull();
    expect(nextLessonDay([], '2026-11-28', '2026-12-31')).toBeNull();
    expect(nextLessonDay(['Mo.'], '2026-11-28', '2026-12-31', 15)).toBeNull();
  });
});
