/**
 * The closing line of `npm test`, which is all CI shows of a run: every failure must be named
 * there, also a file whose tests never ran.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the summary over one Vitest JSON report of these files. */
function summarise(testResults: unknown[]): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
  dirs.push(dir);
  const assertions = testResults.flatMap((file) => (file as { assertionResults: Array<{ status: string }> }).assertionResults);
  const count = (status: string) => assertions.filter((a) => a.status === status).length;
  writeFileSync(join(dir, 'unit.json'), JSON.stringify({ numPassedTests: count('passed'), numPendingTests: count('skipped'), testResults }));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/testSummary.ts', dir, 'unit'], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout };
}

describe('the summary of a test run', () => {
  it('names a file whose beforeAll failed, though its tests count only as skipped', () => {
    const { status, out } = summarise([
      { name: join(process.cwd(), 'a.test.ts'), status: 'passed', message: '', assertionResults: [{ status: 'passed', fullName: 'a works' }] },
      {
        name: join(process.cwd(), 'b.test.ts'),
        status: 'failed',
        message: 'Hook timed out in 10000ms.\nIf this is a long-running hook, pass a timeout value',
        assertionResults: [{ status: 'skipped', fullName: 'b one' }, { status: 'skipped', fullName: 'b two' }],
      },
    ]);
    expect(out).toContain('✘ b.test.ts (did not run: Hook timed out in 10000ms.) [unit.json]');
    expect(out).toContain('1 passed, 1 failed, 2 skipped');
    expect(status).toBe(1);
  });

  it('passes a run of passed and skipped tests, and names each failed test', () => {
    const passing = summarise([
      { name: join(process.cwd(), 'a.test.ts'), status: 'passed', message: '', assertionResults: [{ status: 'passed', fullName: 'a works' }, { status: 'skipped', fullName: 'a later' }] },
    ]);
    expect(passing.out.trim()).toBe('1 passed, 0 failed, 1 skipped');
    expect(passing.status).toBe(0);

    const failing = summarise([
      { name: join(process.cwd(), 'c.test.ts'), status: 'failed', message: '', assertionResults: [{ status: 'failed', fullName: 'c adds' }, { status: 'passed', fullName: 'c reads' }] },
    ]);
    expect(failing.out).toContain('✘ c.test.ts › c adds');
    expect(failing.out).not.toContain('did not run');
    expect(failing.status).toBe(1);
  });
});
