#!/usr/bin/env bash
# `npm test`: type checks, lint, unit tests, rules and functions tests, browser tests. Ends with
# where the time went and one summary line "N passed, N failed".
#
# Three lanes run at once (docs/testing.md, "How npm test spends its time"):
#   browser lane    the browser tests in an emulator session of the `demo` stack;
#   tests lane      the rules and functions tests in an emulator session of the `tests` stack (own
#                   ports and project id), which spend much of their time waiting on the emulators;
#   checks          the type checks and lint, at a low priority; then the unit tests, once the
#                   lanes are past their busy start, and `npm start`'s stack started and stopped
#                   (tools/startStop.test.ts).
# The browser lane has the first claim on the CPU: alone it takes about 300 s and 1.3 cores, and
# beside the others at the same priority it took 410 s, the run's long pole. Everything else runs
# at `nice 10` (the checks at 15) and takes what it leaves; the two emulator lanes then end within
# a minute of each other.
# Each lane writes its own log, printed whole when all are done, so the output reads in order.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.cache/results
rm -rf $results && mkdir -p $results
status=0

# TypeScript scripts run in node with tsx's loader: `npx tsx` added an npx lookup and a second
# process (tsx's own CLI starts node again), about 0.55 s of CPU per script (docs/testing.md).
tsx() { node --import tsx "$@"; }

# Java, the JDK's jar and Chromium: one line each on what is missing, before anything runs.
tsx tools/prerequisites.ts || exit 1
# Both emulator sessions start from one build of the functions. The browser tests' production
# build comes beside it, off the start of the browser lane, the run's long pole (tools/buildHosting.ts).
PORTAL_STACK=demo tsx tools/buildHosting.ts > $results/hosting-build.log 2>&1 &
hosting=$!
tsx tools/emulatorSession.ts --prepare-only || { kill $hosting; exit 1; }
wait $hosting || { cat $results/hosting-build.log; exit 1; }

# Runs one timed step inside a lane; its duration goes to the lane's times file.
step() {
  local times=$1 name=$2 start=$SECONDS
  shift 2
  local outcome=passed
  "$@" || outcome=FAILED
  echo "$name: $((SECONDS - start)) s, $outcome" >> "$times"
  [ "$outcome" = passed ]
}

# A whole stack of its own, started and stopped: on the unit tests' path it held one of their
# two workers for 25-45 s. After the checks, when the lanes are past their busy start, and at the
# normal priority: it waits on its own emulators, with time bounds of its own.
START_STOP=tools/startStop.test.ts

(
  step $results/checks.log "Type checks" nice -n 15 npm run --silent typecheck > $results/typecheck.log 2>&1
  a=$?
  step $results/checks.log "Lint" nice -n 15 npm run --silent lint > $results/lint.log 2>&1
  b=$?
  step $results/lanes.log "Unit and component tests" \
    nice -n 10 node_modules/.bin/vitest run --exclude $START_STOP --reporter=default --reporter=json --outputFile.json=$results/unit.json > $results/unit.log 2>&1
  c=$?
  step $results/checks.log "npm start's start and stop" \
    nice -n 10 node_modules/.bin/vitest run $START_STOP --reporter=default --reporter=json --outputFile.json=$results/start-stop.json > $results/start-stop.log 2>&1
  d=$?
  exit $((a || b || c || d))
) &
checks=$!

(
  HOSTING_BUILT=1 PORTAL_STACK=demo step $results/lanes.log "Browser tests (with their emulator session)" \
    tsx tools/emulatorSession.ts --prepared --suite browser > $results/browser-lane.log 2>&1
) &
browser=$!

(
  PORTAL_STACK=tests step $results/lanes.log "Rules and functions tests (with their emulator session)" \
    nice -n 10 node --import tsx tools/emulatorSession.ts --prepared --suite emulated > $results/emulated-lane.log 2>&1
) &
tests=$!

wait $tests || status=1
wait $browser || status=1
wait $checks || status=1

for part in "Unit and component tests:unit" "Rules and functions tests:emulated-lane" "Browser tests:browser-lane" "Type checks:typecheck" "Lint:lint" "npm start's start and stop:start-stop"; do
  echo "== ${part%%:*}"
  cat "$results/${part##*:}.log"
done

echo "== Where the time went (${SECONDS} s in all; the lanes ran at the same time)"
cat $results/lanes.log
[ -f $results/suite-times.txt ] && sed 's/^/  of which /' $results/suite-times.txt
sed 's/^/(beside the tests) /' $results/checks.log
tsx tools/testSummary.ts $results unit start-stop emulated emulated-apart e2e || status=1
exit $status
