import { MAX_ABSENCE_DAYS, MAX_OPEN_ABSENCES } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { addDays, type StoredAbsence } from './absenceDays';
import { placeAbsence } from './absenceMerge';

const report = (id: string, from: string, to: string, overrides: Partial<StoredAbsence> = {}): StoredAbsence => ({
  id,
  memberId: 'M1',
  childId: 'C1',
  lessonIds: ['L1'],
  from,
  to,
  reason: '',
  ...overrides,
});
const piano = (from: string, to: string, reason = '') => ({ lessonIds: ['L1'], from, to, reason });

describe('placeAbsence', () => {
  it('extends an open report of the same lessons that the new days overlap or touch, taking the new reason if one is given', () => {
    const open = [report('A', '2026-12-01', '2026-12-03', { reason: 'Grippe' })];
    expect(placeAbsence(open, piano('2026-12-04', '2026-12-05'))).toEqual({ kind: 'merge', keep: open[0], absorbed: [], from: '2026-12-01', to: '2026-12-05', reason: 'Grippe' });
    expect(placeAbsence(open, piano('2026-11-29', '2026-11-30', 'Arzt'))).toMatchObject({ kind: 'merge', from: '2026-11-29', to: '2026-12-03', reason: 'Arzt' });
    expect(placeAbsence(open, piano('2026-12-01', '2026-12-03'))).toMatchObject({ kind: 'merge', from: '2026-12-01', to: '2026-12-03', reason: 'Grippe' });
    expect(placeAbsence(open, piano('2026-12-02', '2026-12-02'))).toMatchObject({ kind: 'merge', from: '2026-12-01', to: '2026-12-03' });
  });

  it('keeps apart days with a gap, other lessons, and a set of lessons that only partly matches', () => {
    const open = [report('A', '2026-12-01', '2026-12-03', { lessonIds: ['L1', 'L2'] })];
    expect(placeAbsence(open, { lessonIds: ['L1', 'L2'], from: '2026-12-05', to: '2026-12-05', reason: '' })).toEqual({ kind: 'new' });
    expect(placeAbsence(open, { lessonIds: ['L1'], from: '2026-12-02', to: '2026-12-02', reason: '' })).toEqual({ kind: 'new' });
    expect(placeAbsence(open, { lessonIds: ['L1', 'L2', 'L3'], from: '2026-12-02', to: '2026-12-02', reason: '' })).toEqual({ kind: 'new' });
    expect(placeAbsence(open, { lessonIds: ['L2', 'L1'], from: '2026-12-02', to: '2026-12-04', reason: '' })).toMatchObject({ kind: 'merge', to: '2026-12-04' });
  });

  it('joins every report the widened days reach into the one that begins first', () => {
    const open = [report('B', '2026-12-07', '2026-12-08', { reason: 'Kur' }), report('A', '2026-12-01', '2026-12-03'), report('C', '2026-12-09', '2026-12-09'), report('D', '2026-12-20', '2026-12-20')];
    const placed = placeAbsence(open, piano('2026-12-04', '2026-12-06'));
    expect(placed).toMatchObject({ kind: 'merge', keep: { id: 'A' }, from: '2026-12-01', to: '2026-12-09', reason: 'Kur' });
    expect(placed.kind === 'merge' && placed.absorbed.map((absence) => absence.id).sort()).toEqual(['B', 'C']);
  });

  it('makes no report longer than a report may be: the new days stand alone', () => {
    const open = [report('A', '2026-12-01', addDays('2026-12-01', MAX_ABSENCE_DAYS - 2))];
    expect(placeAbsence(open, piano(addDays('2026-12-01', MAX_ABSENCE_DAYS - 1), addDays('2026-12-01', MAX_ABSENCE_DAYS - 1)))).toMatchObject({ kind: 'merge' });
    expect(placeAbsence(open, piano(addDays('2026-12-01', MAX_ABSENCE_DAYS - 1), addDays('2026-12-01', MAX_ABSENCE_DAYS)))).toEqual({ kind: 'new' });
  });

  it('refuses a new report once the child has as many open reports as allowed, but still merges into one', () => {
    const open = Array.from({ length: MAX_OPEN_ABSENCES }, (_, n) => report(`A${n}`, addDays('2026-12-01', 3 * n), addDays('2026-12-01', 3 * n)));
    expect(placeAbsence(open.slice(1), piano('2027-06-01', '2027-06-01'))).toEqual({ kind: 'new' });
    expect(placeAbsence(open, piano('2027-06-01', '2027-06-01'))).toEqual({ kind: 'too-many' });
    expect(placeAbsence(open, piano('2026-12-02', '2026-12-02'))).toMatchObject({ kind: 'merge', keep: { id: 'A0' }, from: '2026-12-01', to: '2026-12-02' });
  });
});
