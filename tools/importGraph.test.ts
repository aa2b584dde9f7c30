import { describe, expect, it } from 'vitest';
import { cycles, folderEdges, importedNames } from './importGraph';

describe('the import graph between top-level folders', () => {
  it('reads static, type, dynamic and re-exported relative imports, not packages', () => {
    const source = `import { a } from '../sync/run';\nimport type { B } from './b';\nexport { c } from "../config";\nconst d = await import('../push');\nimport 'side-effect-package';\nimport x from 'zod';`;
    expect(importedNames(source)).toEqual(['../sync/run', './b', '../config', '../push']);
  });

  it('counts imports between folders and root files, and finds who imports whom in a cycle', () => {
    const edges = folderEdges([
      { path: 'index.ts', source: `import { f } from './booking';` },
      { path: 'config.ts', source: `import { g } from './sync/lease';` },
      { path: 'sync/lease.ts', source: `import { s } from '../config';\nimport { h } from '../booking/holds';` },
      { path: 'sync/run/engine.ts', source: `import { s } from '../../config';\nimport { l } from '../lease';` },
      { path: 'booking/index.ts', source: `import { l } from '../sync/lease';` },
      { path: 'lib/retry.ts', source: `` },
    ]);
    expect(Object.fromEntries([...edges].map(([from, row]) => [from, Object.fromEntries(row)]))).toEqual({
      index: { 'booking/': 1 },
      config: { 'sync/': 1 },
      'sync/': { config: 2, 'booking/': 1 },
      'booking/': { 'sync/': 1 },
    });
    expect(cycles(edges)).toEqual([['booking/', 'config', 'sync/']]);
  });

  it('finds no cycle in a tree that imports one way', () => {
    const edges = folderEdges([
      { path: 'index.ts', source: `import './http/a';` },
      { path: 'http/a.ts', source: `import '../lib/b';` },
    ]);
    expect(cycles(edges)).toEqual([]);
  });
});
