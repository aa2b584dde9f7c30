// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountsPage, AdminPage, DashboardBooking, DashboardNotices, DashboardPage, FamilyNoticesPage, FamilyPage, FamilyViewPage, loadTheRest, pagesOfLink, PlansPage, preloadOnIntent, TransactionsPage } from './startup';
import { usePreloadOnIntent } from './usePreloadOnIntent';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const spy = (page: { preload: () => Promise<unknown> }) => vi.spyOn(page, 'preload').mockResolvedValue(undefined);

describe('pagesOfLink', () => {
  it("finds the frame's pages (the dashboard with its notices card), one notice's page and a family's pages in the console", () => {
    expect(pagesOfLink('/family', '/')).toEqual([FamilyPage]);
    expect(pagesOfLink('/', '/family')).toEqual([DashboardPage, DashboardNotices, DashboardBooking]);
    expect(pagesOfLink('/notices/n1', '/')).toEqual([FamilyNoticesPage]);
    expect(pagesOfLink('/admin/families/M0001/plans', '/admin/accounts')).toEqual([FamilyViewPage, PlansPage]);
    expect(pagesOfLink('/admin/families/M0001', '/admin/accounts')).toEqual([FamilyViewPage, DashboardPage]);
    expect(pagesOfLink('/admin/accounts', '/admin')).toEqual([AccountsPage]);
  });

  it("leaves out the console from the family's frame (a new document), public pages and unknown paths", () => {
    expect(pagesOfLink('/admin', '/')).toEqual([]);
    expect(pagesOfLink('/admin/accounts', '/family')).toEqual([]);
    expect(pagesOfLink('/admin/families/M0001/booking', '/admin/accounts')).toEqual([]);
    expect(pagesOfLink('/imprint', '/')).toEqual([]);
    expect(pagesOfLink('/nowhere', '/')).toEqual([]);
  });
});

describe('preloadOnIntent, listening on the page', () => {
  /** A link with a label inside, as the navigation draws them: events come from the label. */
  const linkTo = (href: string) => {
    const anchor = Object.assign(document.createElement('a'), { href });
    const label = Object.assign(document.createElement('span'), { textContent: href });
    anchor.append(label);
    document.body.append(anchor);
    return label;
  };
  const listen = () => renderHook(() => usePreloadOnIntent(preloadOnIntent));

  it('loads the page behind a link the pointer reaches or the focus moves to, only then', () => {
    const family = spy(FamilyPage);
    const plans = spy(PlansPage);
    listen();
    const toFamily = linkTo('/family');
    const toPlans = linkTo('/plans');
    expect(family).not.toHaveBeenCalled();

    toFamily.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(family).toHaveBeenCalledOnce();
    toPlans.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(plans).toHaveBeenCalledOnce();
    document.body.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect([family, plans].map((preload) => preload.mock.calls.length)).toEqual([1, 1]);
  });

  it('loads nothing for the console from the frame, or for another site', () => {
    const admin = spy(AdminPage);
    const transactions = spy(TransactionsPage);
    listen();
    linkTo('/admin').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    linkTo('https://bank.example/transactions').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(admin).not.toHaveBeenCalled();
    expect(transactions).not.toHaveBeenCalled();
  });

  it('brings the notices card and the booking entry with the dashboard: arriving later, they would push the figures down', () => {
    const dashboard = spy(DashboardPage);
    const notices = spy(DashboardNotices);
    const booking = spy(DashboardBooking);
    listen();
    linkTo('/').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(dashboard).toHaveBeenCalledOnce();
    expect(notices).toHaveBeenCalledOnce();
    expect(booking).toHaveBeenCalledOnce();
  });

  it('stops listening with the app', () => {
    const family = spy(FamilyPage);
    listen().unmount();
    linkTo('/family').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(family).not.toHaveBeenCalled();
  });
});

describe('loadTheRest', () => {
  it('evaluates no page ahead of the parent', () => {
    const pages = [DashboardPage, FamilyPage, PlansPage, TransactionsPage, AdminPage].map(spy);
    loadTheRest();
    for (const preload of pages) expect(preload).not.toHaveBeenCalled();
  });
});
