#!/usr/bin/env bash
# `npm test`: type checks, lint, unit tests, then one emulator session for the rules, functions and
# browser tests. Ends with one summary line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf .cache/results && mkdir -p .cache/results
status=0

# Java, the JDK's jar and Chromium: one line each on what is missing, before anything runs.
npx tsx tools/prerequisites.ts || exit 1

echo "== Type checks"
npm run --silent typecheck || status=1

echo "== Lint"
npm run --silent lint || status=1

echo "== Unit and component tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/results/unit.json || status=1

echo "== Emulator session: rules, functions and browser tests"
npx tsx tools/emulatorSession.ts || status=1

npx tsx tools/testSummary.ts .cache/results || status=1
exit $status
