#!/usr/bin/env bash
# `npm test`: type checks, unit tests, then one emulator session for the rules, functions and
# browser tests. Ends with one summary line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf .cache/results && mkdir -p .cache/results
status=0

echo "== Type checks"
npm run --silent typecheck || status=1

echo "== Unit and component tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/results/unit.json || status=1

echo "== Emulator session: rules, functions and browser tests"
npx tsx tools/emulatorSession.ts || status=1

npx tsx tools/testSummary.ts .cache/results || status=1
exit $status
