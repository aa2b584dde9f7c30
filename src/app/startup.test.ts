// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountsPage, AdminPage, DashboardNotices, DashboardPage, FamilyNoticesPage, FamilyPage, loadTheRest, pageOfLink, PlansPage, preloadOnIntent, TransactionsPage } from './startup';
import { usePreloadOnIntent } from './usePreloadOnIntent';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const spy = (page: { preload: () => Promise<unknown> }) => vi.spyOn(page, 'preload').mockResolvedValue(undefined);

describe('pageOfLink', () => {
  it("finds the frame's pages, one notice's page and a family's pages in the console", () => {
    expect(pageOfLink('/family', '/')).toBe(FamilyPage);
    expect(pageOfLink('/notices/n1', '/')).toBe(FamilyNoticesPage);
    expect(pageOfLink('/admin/families/M0001/plans', '/admin/accounts')).toBe(PlansPage);
    expect(pageOfLink('/admin/families/M0001', '/admin/accounts')).toBe(DashboardPage);
    expect(pageOfLink('/admin/accounts', '/admin')).toBe(AccountsPage);
  });

  it("leaves out the console from the family's frame (a new document), public pages and unknown paths", () => {
    expect(pageOfLink('/admin', '/')).toBeUndefined();
    expect(pageOfLink('/admin/accounts', '/family')).toBeUndefined();
    expect(pageOfLink('/imprint', '/')).toBeUndefined();
    expect(pageOfLink('/nowhere', '/')).toBeUndefined();
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

  it('brings the notices card with the dashboard: arriving later, it would push the figures down', () => {
    const dashboard = spy(DashboardPage);
    const notices = spy(DashboardNotices);
    listen();
    linkTo('/').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(dashboard).toHaveBeenCalledOnce();
    expect(notices).toHaveBeenCalledOnce();
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
