/**
 * firebase.json's predeploy step for the functions, the same on Windows, macOS and Linux (it runs
 * from the project folder, so no shell variable is needed): builds functions/lib, then writes
 * functions/package-lock.json from the root lock, so that Cloud Build installs exactly the
 * releases the tests ran (functionsLock.ts). The written lock is not committed: the root lock is
 * the one source, and the deploy always writes a fresh copy of it.
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveWorkspaceLock, type Lockfile, type PackageJson } from './functionsLock';

const ROOT = join(import.meta.dirname, '../..');
const readJson = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;

execSync('npm run build --workspace functions', { cwd: ROOT, stdio: 'inherit' });
const lock = deriveWorkspaceLock(readJson<Lockfile>('package-lock.json'), 'functions', readJson<PackageJson>('functions/package.json'));
writeFileSync(join(ROOT, 'functions/package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
console.log(`functions/package-lock.json: ${Object.keys(lock.packages).length - 1} packages, as in the root lock`);
