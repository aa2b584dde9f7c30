import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveWorkspaceLock, disagreements, LockDerivationError, resolveIn, type Lockfile } from './functionsLock';

const ROOT = join(import.meta.dirname, '../..');
const rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
const manifest = JSON.parse(readFileSync(join(ROOT, 'functions/package.json'), 'utf8'));

describe("the functions' lock, derived from the root lock", () => {
  const lock = deriveWorkspaceLock(rootLock, 'functions', manifest);

  it('holds the releases the tests ran, for every package the functions load', () => {
    for (const name of ['firebase-admin', 'firebase-functions', 'zod', 'es-toolkit']) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(rootLock.packages[`node_modules/${name}`]?.version);
      expect(lock.packages[`node_modules/${name}`]?.dev, name).toBeUndefined();
    }
    expect(lock.packages['node_modules/esbuild']?.dev).toBe(true);
    expect(disagreements(rootLock, 'functions', lock)).toEqual([]);
  });

  it('names nothing the functions do not reach', () => {
    expect(lock.packages['node_modules/react']).toBeUndefined();
    expect(lock.packages['node_modules/vitest']).toBeUndefined();
  });

  it('refuses a package.json that the root lock was not made from', () => {
    expect(() => deriveWorkspaceLock(rootLock, 'functions', { ...manifest, dependencies: { ...manifest.dependencies, 'left-pad': '^1.3.0' } })).toThrow(
      LockDerivationError,
    );
  });

  it('nests a release where a hoisted one of the same name would be wrong', () => {
    const root: Lockfile = {
      lockfileVersion: 3,
      packages: {
        '': { workspaces: ['w'] },
        w: { dependencies: { a: '^1.0.0', b: '^1.0.0', c: '^2.0.0' } },
        'node_modules/a': { version: '1.0.0', integrity: 'a1', dependencies: { c: '^1.0.0' } },
        'node_modules/c': { version: '1.0.0', integrity: 'c1' },
        'w/node_modules/c': { version: '2.0.0', integrity: 'c2' },
        'node_modules/b': { version: '1.0.0', integrity: 'b1', dependencies: { c: '^2.0.0' } },
        'node_modules/b/node_modules/c': { version: '2.0.0', integrity: 'c2' },
      },
    };
    // The workspace's own c@2 goes to the top, as the root lock's w/node_modules/c; a's c@1 under a.
    const derived = deriveWorkspaceLock(root, 'w', { name: 'w', dependencies: { a: '^1.0.0', b: '^1.0.0', c: '^2.0.0' } });
    expect(derived.packages['node_modules/c']?.version).toBe('2.0.0');
    expect(resolveIn(derived.packages, 'node_modules/a', 'c')).toBe('node_modules/a/node_modules/c');
    expect(derived.packages['node_modules/a/node_modules/c']?.version).toBe('1.0.0');
    expect(derived.packages[resolveIn(derived.packages, 'node_modules/b', 'c') ?? '']?.version).toBe('2.0.0');
    expect(disagreements(root, 'w', derived)).toEqual([]);
  });

  it('is a lock npm ci accepts and installs exactly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'functions-lock-'));
    try {
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
      writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
      // From npm's cache, which the root install filled; scripts are not needed to read versions.
      execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
      for (const name of ['firebase-admin', 'firebase-functions', 'zod']) {
        const installed = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
        expect(installed.version, name).toBe(rootLock.packages[`node_modules/${name}`]?.version);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("is written by firebase.json's predeploy step, which needs no shell variable (cmd.exe expands none)", () => {
    const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { functions: { predeploy: string[] }[] };
    const steps = firebaseJson.functions.flatMap((codebase) => codebase.predeploy);
    expect(steps).toEqual(['npx tsx tools/deploy/functionsPredeploy.ts']);
    expect(steps.join(' ')).not.toMatch(/[$%]/);
  });
});
