// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPage, BookDepositsPage, DashboardPage, FamilyPage, loadTheRest, PlansPage, TransactionsPage } from './startup';

afterEach(() => vi.unstubAllGlobals());

describe('loadTheRest', () => {
  it("loads the frame's pages one per idle moment, and never the admin page", async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const pages = [DashboardPage, FamilyPage, PlansPage, TransactionsPage, BookDepositsPage];
    const preloads = pages.map((page) => vi.spyOn(page, 'preload').mockResolvedValue(undefined as never));
    const admin = vi.spyOn(AdminPage, 'preload').mockResolvedValue(undefined as never);
    const calls = () => preloads.map((preload) => preload.mock.calls.length);

    loadTheRest();
    expect(calls()).toEqual([1, 0, 0, 0, 0]);
    for (let loaded = 2; loaded <= pages.length; loaded++) {
      // The next page waits for the browser's next idle moment after the last one is in.
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      expect(calls().filter(Boolean)).toHaveLength(loaded - 1);
      idle.shift()!();
      expect(calls().filter(Boolean)).toHaveLength(loaded);
    }
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()!();
    expect(calls()).toEqual([1, 1, 1, 1, 1]);
    expect(admin).not.toHaveBeenCalled();
  });
});
