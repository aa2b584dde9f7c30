/**
 * The builds the web bench measures: this tree's, and with `--against <commit>` that commit's,
 * built from a git worktree so that both run on the same machine, against the same emulators
 * and the same school, one run after the other.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ID, ROOT } from '../../tools/lib/stack';

export interface Build {
  /** How the figures name it: a commit's short hash, or "this tree" (with its HEAD). */
  label: string;
  dir: string;
}

const git = (args: string[], cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** Whether the builds keep their names (`--react-commits`): not what parents get. */
let minify = true;
export function keepNames() {
  minify = false;
}

/** Builds the app at `root` for the emulators into `outDir` (absolute), with that tree's own Vite config. */
function buildAt(root: string, outDir: string) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir', ...(minify ? [] : ['--minify', 'false'])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: PROJECT_ID },
  });
}

export function buildThisTree(outDir: string): Build {
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  buildAt(ROOT, resolve(ROOT, outDir));
  return { label: `this tree (${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ', changed' : ''})`, dir: outDir };
}

/**
 * The worktree's node_modules: this tree's packages, linked one by one, but the workspace's own
 * packages (@family-portal/*) from the worktree, as that commit had them. Only with the same
 * lockfile; another one gets `npm ci` of its own.
 */
function linkDependencies(worktree: string) {
  const modules = join(worktree, 'node_modules');
  if (existsSync(modules)) return;
  if (readFileSync(join(worktree, 'package-lock.json'), 'utf8') !== readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) {
    console.log(`${worktree}: another package-lock.json than this tree's, installing its own dependencies`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: worktree, stdio: 'inherit' });
    return;
  }
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    // Vite's cache (.vite) stays each tree's own.
    if (entry.startsWith('.') && entry !== '.bin') continue;
    if (entry === '@family-portal') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  mkdirSync(join(modules, '@family-portal'));
  for (const name of readdirSync(join(worktree, 'packages'))) symlinkSync(join(worktree, 'packages', name), join(modules, '@family-portal', name));
}

/** `commit` checked out in .cache/bench-against/<hash> (kept for the next run) and built. */
export function buildCommit(commit: string, outDir: string): Build {
  const hash = git(['rev-parse', '--verify', `${commit}^{commit}`]);
  const short = hash.slice(0, 7);
  const worktree = resolve(ROOT, '.cache/bench-against', hash);
  if (!existsSync(join(worktree, '.git'))) {
    rmSync(worktree, { recursive: true, force: true });
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', worktree, hash]);
  }
  linkDependencies(worktree);
  buildAt(worktree, resolve(ROOT, outDir));
  return { label: short, dir: outDir };
}
