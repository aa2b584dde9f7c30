import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script without types, run by hand after `npm install`
import { missingOptionalEntries, platformOf } from './completeLockfile.mjs';

type Entry = { os: string[]; cpu: string[]; libc?: string[] };
const missing = missingOptionalEntries as (lock: unknown) => [string, Entry][];

describe('package-lock.json', () => {
  it('lists every optional platform binding, so npm ci accepts it on a clean machine', () => {
    const lock: unknown = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
    // If this fails after an npm install: node tools/completeLockfile.mjs
    expect(missing(lock).map(([path]) => path)).toEqual([]);
  });

  it('pins every dependency a package asks for by a moving tag such as "latest" (package.json overrides)', () => {
    // npm ci resolves a tag again and refuses the lock file as soon as the tag has moved on.
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { dependencies?: Record<string, string> }>;
    };
    const { overrides = {} } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      overrides?: Record<string, Record<string, string> | string>;
    };
    const unpinned = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.entries(pkg.dependencies ?? {})
        .filter(([, spec]) => /^[a-z][\w-]*$/i.test(spec))
        .filter(([name]) => {
          const owner = path.split('node_modules/').pop() ?? '';
          const scoped = overrides[owner];
          return !(typeof scoped === 'object' && scoped[name]) && !overrides[name];
        })
        .map(([name, spec]) => `${path} → ${name}@${spec}`),
    );
    expect(unpinned).toEqual([]);
  });

  it('adds an entry with the platform the name states', () => {
    const lock = {
      packages: {
        '': { devDependencies: { resolver: '^1.0.0' } },
        'node_modules/resolver': {
          version: '1.0.0',
          dev: true,
          optionalDependencies: {
            '@x/binding-linux-arm-musleabihf': '1.0.0',
            '@x/binding-win32-ia32-msvc': '1.0.0',
            '@x/binding-linux-x64-gnu': '1.0.0',
          },
        },
        'node_modules/@x/binding-linux-x64-gnu': { version: '1.0.0', optional: true },
      },
    };
    expect(missing(lock)).toEqual([
      ['node_modules/@x/binding-linux-arm-musleabihf',
        { version: '1.0.0', cpu: ['arm'], dev: true, libc: ['musl'], optional: true, os: ['linux'] }],
      ['node_modules/@x/binding-win32-ia32-msvc',
        { version: '1.0.0', cpu: ['ia32'], dev: true, optional: true, os: ['win32'] }],
    ]);
  });

  it('refuses a missing optional dependency that is not a platform binding', () => {
    const lock = { packages: { '': { optionalDependencies: { fsevents: '^2.3.0' } } } };
    expect(() => missing(lock)).toThrow(/fsevents@\^2.3.0 \(wanted by the root\) is missing/);
    expect((platformOf as (n: string) => unknown)('fsevents')).toBeUndefined();
  });
});
