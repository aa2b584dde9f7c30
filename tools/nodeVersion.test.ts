/**
 * A machine with an unsupported Node (Debian 12 ships Node 20) is told so in one line, before
 * anything else: by `npm install` (engine-strict), and by `npm start` and `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { satisfies } from 'semver';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeVersionProblem, satisfiesEngines, supportedNode } from './nodeVersion.mjs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };

describe('the Node.js check', () => {
  it('agrees with semver on the engines range, around each edge', () => {
    const range = supportedNode();
    for (const version of ['20.20.2', '22.22.2', '23.11.0', '24.0.0', '24.14.9', '24.15.0', '24.21.0', '25.2.1']) {
      expect(satisfiesEngines(version, range), version).toBe(satisfies(version, range));
    }
    expect(satisfiesEngines('22.23.0', '^22.22.2 || ^24.15.0')).toBe(true);
    expect(() => satisfiesEngines('24.1.0', '>=24')).toThrow(/only caret ranges/);
  });

  it('says in one line what to do on Node 20, and nothing on this Node', () => {
    const line = nodeVersionProblem('20.20.2');
    expect(line).toMatch(/^This project needs Node\.js \^24\.15\.0, and this is Node\.js 20\.20\.2: install Node 24 .*export PATH="\$\(tools\/node\.sh 24\):\$PATH"\.$/);
    expect(line).not.toContain('\n');
    expect(nodeVersionProblem()).toBeNull();
  });

  it('runs before npm start and npm test do anything else', () => {
    expect(packageJson.scripts.start).toMatch(/^node tools\/nodeVersion\.mjs && /);
    expect(packageJson.scripts.test).toMatch(/^node tools\/nodeVersion\.mjs && /);
  });
});

describe('npm install on an unsupported Node', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // This Node stands in for Node 20: a project whose engines it does not satisfy, with the
  // project's .npmrc, is what a Node 20 machine sees with the real package.json.
  const install = (withProjectNpmrc: boolean) => {
    dir = mkdtempSync(join(tmpdir(), 'engines-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'engines-check', version: '1.0.0', private: true, engines: { node: '^99.0.0' } }));
    if (withProjectNpmrc) copyFileSync(new URL('../.npmrc', import.meta.url), join(dir, '.npmrc'));
    // Not the settings npm passes to the scripts it runs (npm test's own engine-strict among them).
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
    return spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', env });
  };

  it("stops at once with the project's .npmrc, installing nothing", () => {
    const result = install(true);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('EBADENGINE');
    expect(result.stderr).toContain('Required: {"node":"^99.0.0"}');
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    expect(existsSync(join(dir, 'package-lock.json'))).toBe(false);
  }, 60_000);

  it('would only warn without it (what Node 20 machines saw before)', () => {
    const result = install(false);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('EBADENGINE');
  }, 60_000);
});
