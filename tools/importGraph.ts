/**
 * `npx tsx tools/importGraph.ts [dir …]` (default functions/src and src): how often each
 * top-level folder (or root file) of a tree imports each other one, and the folders that import
 * each other in a cycle. The figures for a change of the layers, before and after.
 */
import { globSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** The relative module names a source file imports (static, dynamic and type imports, re-exports). */
export function importedNames(source: string): string[] {
  const names = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*)['"]/g)].map((match) => match[1]!);
  return [...new Set(names)];
}

/**
 * The top-level part of a path inside the tree: its first folder (an import of `../sync` names
 * the folder's index), or the root file without its extension.
 */
export function topLevel(path: string, folders: ReadonlySet<string>): string {
  const [first, ...rest] = path.split('/');
  if (rest.length > 0 || folders.has(first!)) return `${first}/`;
  return first!.replace(/\.(tsx?|jsx?)$/, '');
}

export type Edges = Map<string, Map<string, number>>;

/** Import counts between top-level parts, from each file's path (relative to the tree) and source. */
export function folderEdges(files: Array<{ path: string; source: string }>): Edges {
  const edges: Edges = new Map();
  const folders = new Set(files.filter(({ path }) => path.includes('/')).map(({ path }) => path.split('/')[0]!));
  for (const { path, source } of files) {
    const from = topLevel(path, folders);
    for (const name of importedNames(source)) {
      const target = normalize(join(dirname(path), name));
      if (target.startsWith('..')) continue;
      const to = topLevel(target, folders);
      if (to === from) continue;
      const row = edges.get(from) ?? new Map<string, number>();
      row.set(to, (row.get(to) ?? 0) + 1);
      edges.set(from, row);
    }
  }
  return edges;
}

/** The groups of two or more parts that reach each other through imports (Tarjan's components). */
export function cycles(edges: Edges): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((row) => [...row.keys()])]);
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return found;
}

function report(dir: string): void {
  const files = globSync('**/*.{ts,tsx}', { cwd: dir })
    .filter((path) => !/\.(test|spec)\.tsx?$/.test(path))
    .map((path) => ({ path, source: readFileSync(join(dir, path), 'utf8') }));
  const edges = folderEdges(files);
  console.log(`== ${relative(process.cwd(), dir) || dir}: imports between top-level folders (tests left out)`);
  for (const [from, row] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${from.padEnd(18)} → ${[...row].sort(([a], [b]) => a.localeCompare(b)).map(([to, count]) => `${to} ${count}`).join(', ')}`);
  }
  const mutual = [...edges].flatMap(([from, row]) => [...row.keys()].filter((to) => from < to && edges.get(to)?.has(from)).map((to) => `${from} ↔ ${to}`));
  console.log(`  pairs importing each other: ${mutual.length}${mutual.length ? ` (${mutual.join(', ')})` : ''}`);
  const groups = cycles(edges);
  console.log(`  cycles: ${groups.length === 0 ? 'none' : groups.map((group) => `${group.length} parts (${group.join(', ')})`).join('; ')}`);
}

if (import.meta.main) {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length ? dirs : ['functions/src', 'src']) report(dir);
}
