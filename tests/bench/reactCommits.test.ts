import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { REACT_COMMITS_SCRIPT, summary, type CommitLog } from './reactCommits';

type Fiber = { type: unknown; flags: number; child?: Fiber; sibling?: Fiber };
type Hook = { inject: (renderer: unknown) => number; onCommitFiberRoot: (id: number, root: { current: Fiber }) => void };

/** The script run on a page of its own, as the bench's init script runs before React. */
function page() {
  const window = {} as { __REACT_DEVTOOLS_GLOBAL_HOOK__: Hook; reactCommits: Array<{ rendered: Record<string, number> }> };
  runInNewContext(REACT_COMMITS_SCRIPT, { window, performance });
  return window;
}

function Card() {}
function Badge() {}
const memoOf = (inner: () => void) => ({ $$typeof: Symbol.for('react.memo'), type: inner });

describe('the commit log', () => {
  it("counts the components whose function ran in this commit, not those React kept from the last one", () => {
    const window = page();
    const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
    expect(hook.inject({})).toBe(1);
    const kept: Fiber = { type: Badge, flags: 1 };
    const host: Fiber = { type: 'div', flags: 1, child: kept };
    hook.onCommitFiberRoot(1, { current: { type: null, flags: 0, child: { type: Card, flags: 1, child: host, sibling: { type: memoOf(Card), flags: 1 } } } });
    // Next commit: Card ran again (a new fiber), the memo card bailed out (new fiber, no work
    // done), the badge's subtree is the same object as before.
    hook.onCommitFiberRoot(1, { current: { type: null, flags: 0, child: { type: Card, flags: 1, child: host, sibling: { type: memoOf(Card), flags: 0 } } } });
    expect(window.reactCommits.map((commit) => commit.rendered)).toEqual([{ Card: 2, Badge: 1 }, { Card: 1 }]);
  });
});

describe('summary', () => {
  const load = (port: number, commits: CommitLog['commits']): CommitLog => ({ url: `http://127.0.0.1:${port}/`, commits });

  it('prints per build each load\'s commits and the components rendered per load', () => {
    const logs = [
      load(4176, [{ at: 900, rendered: { App: 1 } }, { at: 1400, rendered: { Card: 5, NavLink: 10 } }]),
      load(4175, [{ at: 950, rendered: { App: 1 } }, { at: 1500, rendered: { Card: 6, NavLink: 10 } }, { at: 1600, rendered: { NavLink: 10 } }]),
      load(4175, [{ at: 940, rendered: { App: 1 } }, { at: 1450, rendered: { Card: 6, NavLink: 10 } }]),
    ];
    expect(summary(logs)).toEqual([
      'port 4175, 2 loads: 3, 2 commits',
      '  1@950 16@1500 10@1600',
      '  1@940 16@1450',
      '  rendered per load: NavLink 15, Card 6, App 1',
      'port 4176, 1 loads: 2 commits',
      '  1@900 15@1400',
      '  rendered per load: NavLink 10, Card 5, App 1',
    ]);
  });
});
