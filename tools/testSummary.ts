/**
 * Adds up the JSON reports of Vitest and Playwright into one closing line.
 * usage: tsx tools/testSummary.ts [dir] [expected report names…] (default: unit emulated e2e)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.cache/results';
let passed = 0;
let failed = 0;
let skipped = 0;

interface PlaywrightSuite { specs?: Array<{ tests: Array<{ status: string }> }>; suites?: PlaywrightSuite[] }
interface PlaywrightReport { suites?: PlaywrightSuite[]; errors?: unknown[] }
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults?: Array<{ status: string; assertionResults: unknown[] }>;
}

function countPlaywright(suite: PlaywrightSuite): void {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === 'expected' || test.status === 'flaky') passed += 1;
      else if (test.status === 'skipped') skipped += 1;
      else failed += 1;
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child);
}

const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as VitestReport | PlaywrightReport;
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A suite that failed to load has no failed test, but it failed.
    failed += (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  } else {
    for (const suite of report.suites ?? []) countPlaywright(suite);
    failed += (report.errors ?? []).length;
  }
}
const expectedReports = (process.argv.length > 3 ? process.argv.slice(3) : ['unit', 'emulated', 'e2e']).map((name) => `${name}.json`);
const missing = expectedReports.filter((name) => !files.includes(name));
if (missing.length > 0) {
  console.log(`missing test reports: ${missing.join(', ')}`);
  failed += missing.length;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
