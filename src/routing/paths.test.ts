import { describe, expect, it } from 'vitest';
import { bookDepositPath, plansPath, transactionPath } from './paths';

describe('paths', () => {
  it('builds deep links with encoded query parameters', () => {
    expect(transactionPath('P 1/2')).toBe('/transactions?transaction=P+1%2F2');
    expect(bookDepositPath('OP-7')).toBe('/book-deposits?deposit=OP-7');
    expect(plansPath({ child: 'C-1', plan: 'PL-9' })).toBe('/plans?child=C-1&plan=PL-9');
  });

  it('leaves out empty parameters', () => {
    expect(plansPath()).toBe('/plans');
    expect(plansPath({ child: '' })).toBe('/plans');
  });
});
