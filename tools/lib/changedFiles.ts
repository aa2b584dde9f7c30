/** Which files a change touched, and whether the emulator-backed suites may depend on them. Pure. */

/** The paths of `git diff --name-only` and of the untracked files, each once, blank lines left out. */
export function changedFiles(...listings: string[]): string[] {
  return [...new Set(listings.flatMap((listing) => listing.split('\n').map((line) => line.trim())).filter(Boolean))].sort();
}

/**
 * Documentation, the unit tests and the benchmarks alone never change what the rules, functions
 * or browser tests see; anything else (the app, the functions, the contract, the rules, the
 * tools that start the stack, those tests themselves) may.
 */
const OUTSIDE_THE_EMULATORS = [/\.md$/, /^docs\//, /^legal\//, /\.test\.tsx?$/, /^tests\/bench\//];
const EMULATOR_TESTS = /^tests\/(rules|functions|e2e)\//;

export function needsEmulators(files: readonly string[]): boolean {
  return files.some((file) => EMULATOR_TESTS.test(file) || !OUTSIDE_THE_EMULATORS.some((pattern) => pattern.test(file)));
}
