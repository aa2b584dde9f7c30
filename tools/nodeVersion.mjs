/**
 * The first thing `npm start` and `npm test` run: whether this Node.js is one the project runs on
 * (package.json engines). Plain JavaScript without dependencies, so that it runs on any Node, an
 * old one included, and before `npm install` has put anything in node_modules: on Debian 12's
 * Node 20, without it, `npm start` died deep inside the emulators with "Cannot find module".
 * (`npm install` itself stops at once on such a Node: engine-strict in .npmrc.)
 *
 *   node tools/nodeVersion.mjs    # prints one line and exits 1 on an unsupported Node
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** How to get a supported Node on a machine without it. */
export const HOW_TO_GET_NODE = 'install Node 24 (the functions\' runtime), or take it from the npm registry for this shell: export PATH="$(tools/node.sh 24):$PATH"';

const parse = (version) => version.replace(/^v/, '').split('.').map(Number);

/**
 * Whether `version` (e.g. "20.20.2") satisfies `range`. The engines field is kept to caret ranges
 * joined by "||" ("^22.22.2 || ^24.15.0"); anything else is refused loudly rather than guessed.
 */
export function satisfiesEngines(version, range) {
  const [major, minor, patch] = parse(version);
  return range.split('||').some((alternative) => {
    const caret = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(alternative);
    if (!caret) throw new Error(`package.json engines.node "${range}": only caret ranges joined by || are understood here`);
    const [wantMajor, wantMinor, wantPatch] = caret.slice(1).map(Number);
    return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
  });
}

/** The engines range of the project's package.json. */
export function supportedNode() {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
}

/** The one line to print on an unsupported Node, or null on a supported one. */
export function nodeVersionProblem(version = process.versions.node, range = supportedNode()) {
  return satisfiesEngines(version, range) ? null : `This project needs Node.js ${range}, and this is Node.js ${version}: ${HOW_TO_GET_NODE}.`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
