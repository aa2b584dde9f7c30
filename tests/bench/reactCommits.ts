/**
 * What React renders on each commit of a dashboard load, per build: `npm run bench:web --
 * --against <commit> --react-commits <file>` logs every commit of the blocking-time loads (the
 * CPU slowed down 4×) to `file`, one line a load, and
 *
 *   npx tsx tests/bench/reactCommits.ts <file>
 *
 * prints per build the commits of each load (components rendered @ ms after the navigation) and
 * the components rendered per load, by name. The builds are unminified for the names, so the
 * bench's own figures of such a run are not a production build's.
 *
 * The log comes from React DevTools' hook, which production builds of React call on every
 * commit: a component counts as rendered when its fiber is new in this commit's tree (not the
 * same object as in the last one) and has React's PerformedWork flag (its function ran).
 */
import { appendFileSync, readFileSync } from 'node:fs';

export interface ReactCommit {
  /** ms after the navigation. */
  at: number;
  /** Components rendered in this commit, by name, and how often. */
  rendered: Record<string, number>;
}

export interface CommitLog {
  /** The page's URL (its port tells the builds apart: 4175 this tree, 4176 the --against build). */
  url: string;
  commits: ReactCommit[];
}

/** The init script that logs the commits into `window.reactCommits` (before React loads). */
export const REACT_COMMITS_SCRIPT = `{
  window.reactCommits = [];
  let previous = new WeakSet();
  const PERFORMED_WORK = 1;
  const nameOf = (type) => type.displayName || type.name || (type.render && type.render.name) || (type.type && (type.type.displayName || type.type.name)) || 'anonymous';
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(), supportsFiber: true, isDisabled: false,
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
    onCommitFiberRoot(id, root) {
      const at = Math.round(performance.now());
      const rendered = {};
      const seen = new WeakSet();
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        seen.add(fiber);
        const type = fiber.type;
        const component = type && (typeof type === 'function' || typeof type === 'object');
        if (component && !previous.has(fiber) && (fiber.flags & PERFORMED_WORK)) rendered[nameOf(type)] = (rendered[nameOf(type)] || 0) + 1;
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      previous = seen;
      window.reactCommits.push({ at, rendered });
    },
  };
}`;

/** Appends one load's commits to the log. */
export function logCommits(file: string, log: CommitLog): void {
  appendFileSync(file, `${JSON.stringify(log)}\n`);
}

const total = (commit: ReactCommit) => Object.values(commit.rendered).reduce((sum, count) => sum + count, 0);

/** Per build (port): each load's commits, then the components rendered per load, most first. */
export function summary(logs: readonly CommitLog[], top = 30): string[] {
  const byPort = Map.groupBy(logs, (log) => new URL(log.url).port);
  const lines: string[] = [];
  for (const [port, loads] of [...byPort].sort(([a], [b]) => a.localeCompare(b))) {
    const commits = loads.map((load) => load.commits.length);
    lines.push(`port ${port}, ${loads.length} loads: ${commits.join(', ')} commits`);
    for (const load of loads) lines.push(`  ${load.commits.map((commit) => `${total(commit)}@${commit.at}`).join(' ')}`);
    const perName = new Map<string, number>();
    for (const commit of loads.flatMap((load) => load.commits)) {
      for (const [name, count] of Object.entries(commit.rendered)) perName.set(name, (perName.get(name) ?? 0) + count);
    }
    const sorted = [...perName].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, top);
    lines.push(`  rendered per load: ${sorted.map(([name, count]) => `${name} ${Math.round((count / loads.length) * 10) / 10}`).join(', ')}`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx tests/bench/reactCommits.ts <file of --react-commits>');
  const logs = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as CommitLog);
  console.log(summary(logs).join('\n'));
}
