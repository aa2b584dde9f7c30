import { describe, expect, it } from 'vitest';
import { absencesPath, bookDepositPath, bookingPath, noticePath, plansPath, returnPath, transactionPath } from './paths';

describe('paths', () => {
  it('builds deep links with encoded query parameters', () => {
    expect(transactionPath('P 1/2')).toBe('/transactions?transaction=P+1%2F2');
    expect(bookDepositPath('OP-7')).toBe('/book-deposits?deposit=OP-7');
    expect(plansPath({ child: 'C-1', plan: 'PL-9' })).toBe('/plans?child=C-1&plan=PL-9');
    expect(bookingPath({ offer: 'O 1', child: 'C-1' })).toBe('/booking?offer=O+1&child=C-1');
    expect(absencesPath({ report: true, child: 'C-1' })).toBe('/absences?report=1&child=C-1');
    expect(noticePath('a/b c')).toBe('/notices/a%2Fb%20c');
  });

  it('leaves out empty parameters', () => {
    expect(plansPath()).toBe('/plans');
    expect(bookingPath()).toBe('/booking');
    expect(absencesPath()).toBe('/absences');
    expect(plansPath({ child: '' })).toBe('/plans');
  });
});

describe('the way back after sign-in', () => {
  it('returns to the signed-in screen a link pointed to, with its query and fragment', () => {
    expect(returnPath('/transactions?transaction=P123')).toBe('/transactions?transaction=P123');
    expect(returnPath('/plans?child=C2&plan=PL3')).toBe('/plans?child=C2&plan=PL3');
    expect(returnPath('/family#contact')).toBe('/family#contact');
    expect(returnPath('/admin')).toBe('/admin');
    // An admin's link to a family's view survives the sign-in; nothing else under it does.
    expect(returnPath('/admin/accounts')).toBe('/admin/accounts');
    expect(returnPath('/admin/requests?lesson=L1&status=all')).toBe('/admin/requests?lesson=L1&status=all');
    expect(returnPath('/admin/notices')).toBe('/admin/notices');
    expect(returnPath('/admin/absences')).toBe('/admin/absences');
    expect(returnPath('/admin/direct-debit')).toBe('/admin/direct-debit');
    expect(returnPath('/booking?offer=O1&child=C2')).toBe('/booking?offer=O1&child=C2');
    expect(returnPath('/absences')).toBe('/absences');
    // A notice e-mail's link, opened while signed out.
    expect(returnPath('/notices/N1')).toBe('/notices/N1');
    expect(returnPath('/notices/N1/x')).toBe('/');
    expect(returnPath('/admin/families/M%201/plans?child=C2')).toBe('/admin/families/M%201/plans?child=C2');
    expect(returnPath('/admin/families/M1/settings')).toBe('/');
    expect(returnPath('/admin/families/M1/plans/x')).toBe('/');
  });

  it('goes to the dashboard for anything else: no link, public pages, unknown paths, other sites', () => {
    for (const from of [undefined, null, 42, '', '/', '/login', '/verify-email', '/nowhere', '//evil.example/transactions', 'https://evil.example/', '/\\evil.example', '/%2F%2Fevil.example']) {
      expect(returnPath(from), String(from)).toBe('/');
    }
  });
});
