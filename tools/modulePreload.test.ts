import { describe, expect, it } from 'vitest';
import { preloadedDependencies } from './modulePreload';

const deps = ['assets/i18n-c-bsr2ey.js', 'assets/Card-DNbK7SQO.js'];

describe('the modulepreload links of a dynamic import', () => {
  it("announce a public page's imports, for a first visit from the network", () => {
    for (const file of ['assets/LoginPage-rMtB58t2.js', 'assets/ResetPasswordPage-DPdL6VM-.js', 'assets/LegalPage-B0qxRu_N.js']) {
      expect(preloadedDependencies(file, deps, { hostType: 'js' })).toEqual(deps);
    }
  });

  it('announce nothing for the signed-in frame, its pages and the SDK, which come from caches or start together', () => {
    for (const file of ['assets/AppShell-BWAMlXzc.js', 'assets/DashboardPage-CFOzYAVA.js', 'assets/AdminPage-DPdL6VM-.js', 'assets/index.esm-qXnDPGnv.js']) {
      expect(preloadedDependencies(file, deps, { hostType: 'js' })).toEqual([]);
    }
  });

  it("keep the HTML page's own links", () => {
    expect(preloadedDependencies('assets/index-BkJAkkHS.js', deps, { hostType: 'html' })).toEqual(deps);
  });
});
