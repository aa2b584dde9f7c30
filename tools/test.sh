#!/usr/bin/env bash
# `npm test`: type checks, lint, unit tests, then one emulator session for the rules, functions and
# browser tests. Ends with where the time went and one summary line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf .cache/results && mkdir -p .cache/results
status=0
timings=()

# Runs one step, keeps its duration for the closing lines, and notes a failure without stopping.
step() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  "$@" || status=1
  timings+=("$name: $((SECONDS - start)) s")
}

# Java, the JDK's jar and Chromium: one line each on what is missing, before anything runs.
npx tsx tools/prerequisites.ts || exit 1

# The type checks and lint wait on nothing and have no time limits: they run beside the tests at
# a low priority, on the CPU time that the emulator-backed suites leave idle while they wait on
# the emulators and the browser. Their output follows the tests'.
checks_log=.cache/results/checks.log
(
  static_status=0
  step_start=$SECONDS
  outcome=passed
  nice -n 15 npm run --silent typecheck > .cache/results/typecheck.log 2>&1 || { static_status=1; outcome=FAILED; }
  echo "Type checks (beside the tests): $((SECONDS - step_start)) s, $outcome" > $checks_log
  step_start=$SECONDS
  outcome=passed
  nice -n 15 npm run --silent lint > .cache/results/lint.log 2>&1 || { static_status=1; outcome=FAILED; }
  echo "Lint (beside the tests): $((SECONDS - step_start)) s, $outcome" >> $checks_log
  exit $static_status
) &
checks=$!

step "Unit and component tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/results/unit.json
# Prints the time of each suite inside it (the emulators' start is the rest).
step "Emulator session: rules, functions and browser tests" npx tsx tools/emulatorSession.ts

wait $checks || status=1
echo "== Type checks"
cat .cache/results/typecheck.log
echo "== Lint"
cat .cache/results/lint.log

echo "== Where the time went (${SECONDS} s in all)"
printf '%s\n' "${timings[@]}"
cat $checks_log
[ -f .cache/results/suite-times.txt ] && sed 's/^/  /' .cache/results/suite-times.txt
npx tsx tools/testSummary.ts .cache/results || status=1
exit $status
