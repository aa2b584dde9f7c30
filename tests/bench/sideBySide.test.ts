import { describe, expect, it } from 'vitest';
import { median, ratio, sideBySideRows, type Measured } from './sideBySide';

const timed = (...values: number[]) => values.map((ms) => ({ ms, emulatorMs: ms / 2, shift: ms > 1300 ? 0.01 : 0 }));
const lighthouseRun = (tbtMs: number, performance: number) => ({
  scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
  failing: [],
  metrics: '',
  bootup: '',
  numbers: { tbtMs, mainThreadMs: tbtMs * 4, cls: 0.01 },
});

describe('the side-by-side figures', () => {
  it('takes the median of the runs that measured, the lower middle of an even number', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it('states the later build against the earlier as a ratio', () => {
    expect(ratio(1332, 1398)).toBe('×1.05');
    expect(ratio(0, 0)).toBe('×1.00');
    expect(ratio(0, 0.02)).toBe('–');
    expect(ratio(NaN, 3)).toBe('?');
  });

  it("puts each build's figure in its column, failed Lighthouse runs left out", () => {
    const measured: Measured = {
      scripts: [127_200, 123_100],
      dashboard: [
        { typed: timed(1400, 1300, 1350), autofilled: timed(2000, 2100, 2050), repeat: timed(700, 750, 800) },
        { typed: timed(1200, 1250, 1300), autofilled: timed(1900, 1950, 2000), repeat: timed(700, 690, 710) },
      ],
      blocking: [[{ blockingMs: 900, longestMs: 300, layoutShift: 0.05 }], [{ blockingMs: 600, longestMs: 200, layoutShift: 0 }]],
      lighthouse: [
        { login: [lighthouseRun(0, 90)], dashboard: [lighthouseRun(1380, 75), { failure: 'NO_FCP' }] },
        { login: [lighthouseRun(0, 92)], dashboard: [lighthouseRun(1200, 78), lighthouseRun(1000, 80)] },
      ],
    };
    const rows = Object.fromEntries(sideBySideRows(measured).map(([figure, values, format]) => [figure, values.map(format)]));
    expect(rows['/login scripts, gzipped']).toEqual(['127.2 kB', '123.1 kB']);
    expect(rows['Dashboard after "Sign in", typed']).toEqual(['1350 ms', '1250 ms']);
    expect(rows['Layout shift of that load']).toEqual(['0.050', '0.000']);
    expect(rows['Layout shift after "Sign in", typed, once settled']).toEqual(['0.010', '0.000']);
    expect(rows['Lighthouse mobile dashboard: TBT']).toEqual(['1380 ms', '1000 ms']);
  });
});
