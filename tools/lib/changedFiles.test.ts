import { describe, expect, it } from 'vitest';
import { changedFiles, needsEmulators } from './changedFiles';

describe('test:changed', () => {
  it('takes each changed or new file once', () => {
    expect(changedFiles('src/a.ts\nREADME.md\n', '\nsrc/a.ts\ntools/new.ts\n')).toEqual(['README.md', 'src/a.ts', 'tools/new.ts']);
    expect(changedFiles('', '')).toEqual([]);
  });

  it('starts the emulators only for what the rules, functions or browser tests may depend on', () => {
    expect(needsEmulators(['docs/booking.md', 'README.md', 'src/domain/plans.test.ts', 'tests/bench/web.bench.ts'])).toBe(false);
    expect(needsEmulators(['tests/functions/booking.test.ts'])).toBe(true);
    expect(needsEmulators(['tests/e2e/booking.spec.ts'])).toBe(true);
    expect(needsEmulators(['docs/booking.md', 'functions/src/booking/requestBooking.ts'])).toBe(true);
    expect(needsEmulators(['firestore.rules'])).toBe(true);
    expect(needsEmulators(['src/features/booking/BookingPage.tsx'])).toBe(true);
  });
});
