import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from './doctor/findings';
import { GOOD_FUNCTIONS, GOOD_WEB, PROJECT } from './doctor/testFixtures';

const ROOT = resolve(import.meta.dirname, '..');
const dirs: string[] = [];

const dotenv = (env: Env) =>
  Object.entries(env)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');

/** A checkout-like directory holding only the settings files a deploy reads. */
function fixture(web: Env, functions: Env): string {
  const dir = mkdtempSync(join(tmpdir(), 'doctor-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'functions'));
  writeFileSync(join(dir, '.env.production.local'), dotenv(web));
  writeFileSync(join(dir, `functions/.env.${PROJECT}`), dotenv(functions));
  return dir;
}

function doctor(dir: string) {
  // The fixture alone decides: no VITE_* variable of this machine may leak into the check.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  const result = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['tools/doctor.ts', '--project', PROJECT, '--offline', '--dir', dir], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test starts tsx, which compiles the doctor and what it imports: about 5 s on this 2-core
// machine when alone, more beside the other test files, so Vitest's 5 s default is too short.
describe('npm run doctor', { timeout: 60_000 }, () => {
  it('passes a complete configuration (warning only of what --offline leaves unchecked)', () => {
    const { status, output } = doctor(fixture(GOOD_WEB, GOOD_FUNCTIONS));
    expect(output).toMatch(/! Hosting sites: not checked \(--offline\)/);
    expect(output).toMatch(/! secrets: not checked \(--offline\)/);
    expect(output).toMatch(/! Auth e-mail action URL: not checked \(--offline\)/);
    expect(output).toContain('0 errors, 3 warnings');
    expect(output).toContain('Identity Platform');
    expect(status).toBe(0);
  });

  it('lists every problem at once and fails', () => {
    const web = { ...GOOD_WEB, VITE_SEPA_BIC: undefined, VITE_SEPA_IBAN: 'DE02120300000000202052', VITE_SCHOOL_TIME_ZONE: 'Europe/Paris' };
    const functions = { ...GOOD_FUNCTIONS, APP_ORIGINS: '["http://localhost:5173"]', SYNC_MAX_DELETION_PERCENT: '0', SYNC_SLICE_ROWS: '20k' };
    const { status, output } = doctor(fixture(web, functions));
    for (const problem of [
      /✗ VITE_SEPA_BIC: is missing/,
      /✗ VITE_SEPA_IBAN: .*not a valid IBAN/,
      /✗ VITE_SCHOOL_TIME_ZONE: is Europe\/Paris, the functions' SCHOOL_TIME_ZONE Europe\/Berlin/,
      /! APP_ORIGINS: "http:\/\/localhost:5173" is a local development origin/,
      /✗ APP_ORIGINS: must include https:\/\/lindenhof-portal\.web\.app/,
      /! APP_ORIGINS: lacks https:\/\/lindenhof-portal\.firebaseapp\.com, where Hosting also serves the app/,
      /✗ SYNC_MAX_DELETION_PERCENT: "0" must be a whole number from 1 to 100/,
      /✗ SYNC_SLICE_ROWS: "20k" must be a whole number of rows/,
    ]) {
      expect(output).toMatch(problem);
    }
    expect(output).toContain('6 errors, 6 warnings');
    expect(status).toBe(1);
  });
});
