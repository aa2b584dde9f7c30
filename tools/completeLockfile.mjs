#!/usr/bin/env node
// This machine's npm registry mirror holds only the Linux builds of some native packages, so
// `npm install` leaves the other platforms' optional bindings out of package-lock.json, and
// `npm ci` then refuses the lock file as out of sync. This adds the missing entries with the
// platform that the package name states; npm skips them on any other platform without fetching.
// Run it after `npm install` changes the lock file: node tools/completeLockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = { arm: 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };

/** The os, cpu and libc a platform binding's name states, e.g. resolver-binding-linux-arm-musleabihf. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osIndex = parts.findIndex((part) => OS.includes(part));
  if (osIndex < 0) return undefined;
  const cpu = CPU[parts[osIndex + 1]];
  if (!cpu) return undefined;
  const rest = parts.slice(osIndex + 2).join('-');
  const libc = rest.startsWith('musl') ? 'musl' : rest.startsWith('gnu') ? 'glibc' : undefined;
  return { os: parts[osIndex], cpu, libc };
}

/** Lock entries missing for optional dependencies, as [path, entry] pairs. */
export function missingOptionalEntries(lock) {
  const missing = new Map();
  for (const [path, pkg] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
      const platform = platformOf(name);
      const version = range.replace(/^[\^~=]/, '');
      if (!platform || !/^\d+\.\d+\.\d+/.test(version)) {
        throw new Error(`${name}@${range} (wanted by ${path || 'the root'}) is missing and not a platform binding`);
      }
      missing.set(`node_modules/${name}`, {
        version,
        cpu: [platform.cpu],
        ...(pkg.dev ? { dev: true } : {}),
        ...(platform.libc ? { libc: [platform.libc] } : {}),
        optional: true,
        os: [platform.os],
      });
    }
  }
  return [...missing];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
  const missing = missingOptionalEntries(lock);
  for (const [path, entry] of missing) lock.packages[path] = entry;
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${missing.length} platform bindings`);
}
