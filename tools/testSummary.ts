/**
 * Adds up the JSON reports of Vitest and Playwright into one closing line, after the name of each
 * failed test: CI shows only the end of its output, so a failure must be named there.
 * usage: tsx tools/testSummary.ts [dir] [expected report names…] (default: unit emulated e2e)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? '.cache/results';
let passed = 0;
let skipped = 0;
const failures: string[] = [];

interface PlaywrightTest { status: string; projectName?: string }
interface PlaywrightSpec { title: string; file?: string; tests: PlaywrightTest[] }
interface PlaywrightSuite { title?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] }
interface PlaywrightReport { suites?: PlaywrightSuite[]; errors?: Array<{ message?: string }> }
interface VitestReport {
  numPassedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName: string }>;
  }>;
}

function countPlaywright(suite: PlaywrightSuite, titles: string[]): void {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === 'expected' || test.status === 'flaky') passed += 1;
      else if (test.status === 'skipped') skipped += 1;
      else failures.push(`${[...titles, spec.title].join(' › ')} [${test.projectName ?? ''}] (${test.status})`);
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child, child.title ? [...titles, child.title] : titles);
}

function countVitest(report: VitestReport, file: string): void {
  passed += report.numPassedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    const where = relative(process.cwd(), result.name);
    const failed = result.assertionResults.filter((r) => r.status === 'failed');
    for (const test of failed) failures.push(`${where} › ${test.fullName}`);
    // A file that failed to load, or whose beforeAll failed (its tests then count as skipped), has
    // no failed test, but it failed.
    if (result.status === 'failed' && failed.length === 0) {
      failures.push(`${where} (did not run: ${(result.message ?? '').split('\n')[0]}) [${file}]`);
    }
  }
}

const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as VitestReport | PlaywrightReport;
  if ('numPassedTests' in report) countVitest(report, file);
  else {
    for (const suite of report.suites ?? []) countPlaywright(suite, suite.title ? [suite.title] : []);
    for (const error of report.errors ?? []) failures.push(`${file}: ${(error.message ?? '').split('\n')[0]}`);
  }
}
const expectedReports = (process.argv.length > 3 ? process.argv.slice(3) : ['unit', 'emulated', 'e2e']).map((name) => `${name}.json`);
for (const name of expectedReports.filter((name) => !files.includes(name))) failures.push(`missing test report: ${name}`);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failures.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);
