/**
 * Fills Node's compile cache (NODE_COMPILE_CACHE) with what every Functions emulator runtime
 * loads, so that each new runtime reads compiled code instead of compiling it again. The runtimes
 * never write it themselves: Node writes the cache at a normal exit, and the emulator kills them.
 * Run after each build of the functions (prepareFunctions in tools/lib/stack.ts).
 */
const { flushCompileCache, getCompileCacheDir } = require('node:module');
const { join } = require('node:path');

if (!getCompileCacheDir()) throw new Error('NODE_COMPILE_CACHE is not set: nothing to fill');
const functions = join(__dirname, '../functions');
// Every module by the path a runtime, which starts in functions/, resolves it to.
const load = (name) => require(require.resolve(name, { paths: [functions] }));

// The emulator's runtime module (it starts only as a main script) and what it requires.
load('firebase-tools/lib/emulator/functionsEmulatorRuntime.js');
// The functions, as the runtime loads them.
load('./lib/index.js');

// What Firestore loads at its first call and not before (google-gax, gRPC): a call to a closed
// port loads them, and the cache is written once they are in.
process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:9';
process.env.METADATA_SERVER_DETECTION = 'none';
const { initializeApp } = load('firebase-admin/app');
const { getFirestore } = load('firebase-admin/firestore');
getFirestore(initializeApp({ projectId: 'demo-warm-compile-cache' }, 'warm')).doc('warm/up').get().catch(() => {});
const loaded = () => Object.keys(require.cache).some((path) => path.includes('@grpc/grpc-js'));
const started = Date.now();
const check = setInterval(() => {
  if (!loaded() && Date.now() - started < 20_000) return;
  clearInterval(check);
  flushCompileCache();
  process.exit(0);
}, 50);
