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

step "Type checks" npm run --silent typecheck
step "Lint" npm run --silent lint
step "Unit and component tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/results/unit.json
# Prints the time of each suite inside it (the emulators' start is the rest).
step "Emulator session: rules, functions and browser tests" npx tsx tools/emulatorSession.ts

echo "== Where the time went (${SECONDS} s in all)"
printf '%s\n' "${timings[@]}"
[ -f .cache/results/suite-times.txt ] && sed 's/^/  /' .cache/results/suite-times.txt
npx tsx tools/testSummary.ts .cache/results || status=1
exit $status
