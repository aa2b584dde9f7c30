import { describe, expect, it } from 'vitest';
import { familyFixture } from '../test/fixtures';
import { bookDeposits, depositCounts, depositSum, depositTitle, filterDeposits, showsCommentSection } from './deposits';

const { otherPayments, children } = familyFixture();

describe('book deposits', () => {
  it("keeps only the type 'Bücherkaution', newest first, and counts by status", () => {
    const deposits = bookDeposits(otherPayments);
    expect(deposits.map((d) => d.id)).toEqual(['OP1', 'OP2', 'OP3', 'OP4']);
    expect(depositCounts(deposits)).toEqual({ active: 3, returned: 1, all: 4 });
    expect(filterDeposits(deposits, 'returned').map((d) => d.id)).toEqual(['OP2']);
    expect(depositSum(filterDeposits(deposits, 'active'))).toBe(95);
  });

  it('titles a deposit by child, unknown child, comment or general deposit', () => {
    const [op1, op2, op3, op4] = otherPayments;
    expect(depositTitle(op1!, children)).toEqual({ kind: 'child', name: 'Mia Müller' });
    expect(depositTitle(op4!, children)).toEqual({ kind: 'unknownChild' });
    expect(depositTitle(op3!, children)).toEqual({ kind: 'general' });
    expect(depositTitle({ ...op3!, comment: ' Atlas ' }, children)).toEqual({ kind: 'comment', text: 'Atlas' });
    expect(showsCommentSection(op1!)).toBe(true);
    expect(showsCommentSection(op2!)).toBe(false);
    expect(showsCommentSection({ ...op3!, comment: 'Atlas' })).toBe(false);
  });

  it("counts a status outside the office's list under All only, neither active nor returned", () => {
    const odd = { ...otherPayments[0]!, id: 'OP9', status: 'Verloren' };
    const deposits = bookDeposits([...otherPayments, odd]);
    expect(depositCounts(deposits)).toEqual({ active: 3, returned: 1, all: 5 });
    expect(filterDeposits(deposits, 'active').map((d) => d.id)).not.toContain('OP9');
    expect(filterDeposits(deposits, 'returned').map((d) => d.id)).not.toContain('OP9');
    expect(filterDeposits(deposits, 'all').map((d) => d.id)).toContain('OP9');
  });
});
