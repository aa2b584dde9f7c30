import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planKey, requestKey } from './keys';

describe('booking keys', () => {
  it('are the first 20 hex characters of sha256(quarter NUL lesson NUL child), as REQ- and PLAN-', () => {
    const digest = createHash('sha256').update('Q2027-1\u0000L001\u0000C0004-1').digest('hex').slice(0, 20);
    expect(requestKey('Q2027-1', 'L001', 'C0004-1')).toBe(`REQ-${digest}`);
    expect(planKey('Q2027-1', 'L001', 'C0004-1')).toBe(`PLAN-${digest}`);
  });

  it('differ for another quarter, lesson or child, and never run two ids together', () => {
    const keys = new Set([
      requestKey('Q1', 'L1', 'C1'),
      requestKey('Q2', 'L1', 'C1'),
      requestKey('Q1', 'L2', 'C1'),
      requestKey('Q1', 'L1', 'C2'),
      requestKey('Q1', 'L1C', '1'),
    ]);
    expect(keys.size).toBe(5);
  });
});
