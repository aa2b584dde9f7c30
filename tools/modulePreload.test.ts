import { describe, expect, it } from 'vitest';
import { preloadedDependencies } from './modulePreload';

const deps = ['assets/i18n-c-bsr2ey.js', 'assets/Card-DNbK7SQO.js'];

describe('the modulepreload links of a dynamic import', () => {
  it("announce a public page's imports, for a first visit from the network", () => {
    expect(preloadedDependencies('assets/LoginPage-rMtB58t2.js', deps, { hostType: 'js' })).toEqual(deps);
    expect(preloadedDependencies('assets/index.esm-qXnDPGnv.js', deps, { hostType: 'js' })).toEqual(deps);
  });

  it('announce nothing for the signed-in frame and its pages, which come from caches', () => {
    for (const file of ['assets/AppShell-BWAMlXzc.js', 'assets/DashboardPage-CFOzYAVA.js', 'assets/BookDepositsPage-Dur6HMYF.js', 'assets/AdminPage-DPdL6VM-.js']) {
      expect(preloadedDependencies(file, deps, { hostType: 'js' })).toEqual([]);
    }
  });

  it("keep the HTML page's own links", () => {
    expect(preloadedDependencies('assets/AppShell-BWAMlXzc.js', deps, { hostType: 'html' })).toEqual(deps);
  });
});
