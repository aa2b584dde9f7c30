/**
 * The functions' own package-lock.json, derived from the root lock: Cloud Build installs the
 * uploaded functions folder on its own (`npm ci` when it finds a lock), and without one it would
 * resolve the newest firebase-admin and firebase-functions that package.json allows, not the
 * versions the tests ran. The root lock already holds every package the functions use (they are
 * an npm workspace); this copies that part, laid out as if `functions/` were the project root.
 */

/** One entry of a lockfile v3 `packages` map (the fields this reads; the rest is copied). */
export interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

export interface PackageJson {
  name: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

export class LockDerivationError extends Error {}

const NM = 'node_modules/';

/** Where Node finds `name` from the package at `path`: its own node_modules, then each one above. */
export function resolveIn(packages: Record<string, unknown>, path: string, name: string): string | null {
  let dir = path;
  for (;;) {
    const candidate = dir === '' ? `${NM}${name}` : `${dir}/${NM}${name}`;
    if (candidate in packages) return candidate;
    if (dir === '') return null;
    const cut = dir.lastIndexOf(`/${NM}`);
    // "node_modules/a" → "", "x/node_modules/a" → "x", "functions" → "".
    dir = cut >= 0 ? dir.slice(0, cut) : '';
  }
}

const parentOf = (path: string) => {
  const cut = path.lastIndexOf(`/${NM}`);
  return cut >= 0 ? path.slice(0, cut) : '';
};

/** Every dependency name a package may load: required, optional and peer (optional ones only when installed). */
function needs(entry: LockEntry, withDev: boolean): [string, boolean][] {
  const required = [...Object.keys(entry.dependencies ?? {}), ...(withDev ? Object.keys(entry.devDependencies ?? {}) : [])];
  const maybe = [...Object.keys(entry.optionalDependencies ?? {}), ...Object.keys(entry.peerDependencies ?? {})];
  return [...required.map((name) => [name, true] as [string, boolean]), ...maybe.map((name) => [name, false] as [string, boolean])];
}

const sameRelease = (a: LockEntry | undefined, b: LockEntry | undefined) => !!a && !!b && a.version === b.version && a.integrity === b.integrity;

/**
 * The lock of the workspace at `workspace` (e.g. "functions") as its own project: every package
 * it reaches, each resolving each of its dependencies to the same release as in the root lock.
 */
export function deriveWorkspaceLock(root: Lockfile, workspace: string, manifest: PackageJson): Lockfile {
  const source = root.packages;
  const self = source[workspace];
  if (!self) throw new LockDerivationError(`the root lock has no workspace "${workspace}"; run npm install at the root`);
  for (const kind of ['dependencies', 'devDependencies'] as const) {
    if (JSON.stringify(self[kind] ?? {}) !== JSON.stringify(manifest[kind] ?? {})) {
      throw new LockDerivationError(`${workspace}/package.json's ${kind} differ from the root lock's; run npm install at the root`);
    }
  }

  // Root-lock path → derived path, and derived path → root-lock path.
  const placed = new Map<string, string>();
  const at = new Map<string, string>([['', workspace]]);
  const prodReach = new Set<string>();
  const queue: { from: string; derived: string; prod: boolean }[] = [{ from: workspace, derived: '', prod: true }];
  const visited = new Set<string>();

  while (queue.length > 0) {
    const { from, derived, prod } = queue.shift() as { from: string; derived: string; prod: boolean };
    const key = `${derived}|${prod}`;
    if (visited.has(key)) continue;
    visited.add(key);
    const entry = source[from] as LockEntry;
    for (const [name, required] of needs(entry, from === workspace)) {
      const target = resolveIn(source, from, name);
      if (!target) {
        if (required) throw new LockDerivationError(`${from || 'the root'} needs ${name}, which the root lock does not hold`);
        continue;
      }
      const isProd = prod && !(from === workspace && name in (entry.devDependencies ?? {}));
      // Where the derived tree must hold `target` so that `derived` finds it: the nearest place
      // already holding it, or the highest free one below anything else by that name.
      let place: string | null = null;
      let dir = derived;
      for (;;) {
        const candidate = dir === '' ? `${NM}${name}` : `${dir}/${NM}${name}`;
        const holder = at.get(candidate);
        if (holder !== undefined) {
          if (sameRelease(source[holder], source[target])) place = candidate;
          break;
        }
        place = candidate;
        if (dir === '') break;
        dir = parentOf(dir);
      }
      if (place === null) place = derived === '' ? `${NM}${name}` : `${derived}/${NM}${name}`;
      if (!at.has(place)) at.set(place, target);
      placed.set(target, place);
      if (isProd) prodReach.add(place);
      queue.push({ from: target, derived: place, prod: isProd });
    }
  }

  const packages: Record<string, LockEntry> = {
    '': {
      name: manifest.name,
      ...(manifest.version ? { version: manifest.version } : {}),
      ...(manifest.dependencies ? { dependencies: manifest.dependencies } : {}),
      ...(manifest.devDependencies ? { devDependencies: manifest.devDependencies } : {}),
      ...(manifest.engines ? { engines: manifest.engines } : {}),
    },
  };
  for (const path of [...at.keys()].filter((p) => p !== '').sort()) {
    const { dev: _dev, devOptional: _devOptional, ...entry } = source[at.get(path) as string] as LockEntry;
    packages[path] = prodReach.has(path) ? entry : { ...entry, dev: true };
  }
  const derivedLock: Lockfile = { name: manifest.name, lockfileVersion: 3, requires: true, packages };
  const problems = disagreements(root, workspace, derivedLock);
  if (problems.length > 0) throw new LockDerivationError(`the derived lock resolves differently:\n${problems.join('\n')}`);
  return derivedLock;
}

/**
 * Each place where a package of the derived lock would load another release of a dependency
 * than the same package loads under the root lock; empty when they agree.
 */
export function disagreements(root: Lockfile, workspace: string, derived: Lockfile): string[] {
  const problems: string[] = [];
  // Derived path → root path, by walking both trees from the workspace in step.
  const queue: [string, string][] = [['', workspace]];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const [derivedPath, rootPath] = queue.shift() as [string, string];
    if (seen.has(derivedPath)) continue;
    seen.add(derivedPath);
    const entry = root.packages[rootPath] as LockEntry;
    for (const [name, required] of needs(entry, rootPath === workspace)) {
      const want = resolveIn(root.packages, rootPath, name);
      const got = resolveIn(derived.packages, derivedPath, name);
      if (!want) continue;
      if (!got) {
        if (required) problems.push(`${derivedPath || workspace}: ${name} is missing`);
        continue;
      }
      if (!sameRelease(root.packages[want], derived.packages[got])) {
        problems.push(`${derivedPath || workspace}: ${name} ${derived.packages[got]?.version} instead of ${root.packages[want]?.version}`);
        continue;
      }
      queue.push([got, want]);
    }
  }
  return problems;
}
