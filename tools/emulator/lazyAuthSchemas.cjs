/**
 * Loaded into the firebase CLI (`node --require`) by tools/lib/stack.ts: the Auth emulator
 * compiles each of its request and response schemas the first time a request needs it, not all
 * of them at start-up.
 *
 * The Auth emulator serves Google's Identity Toolkit API through exegesis, which builds an ajv
 * validator for every parameter, body and response of the API's OpenAPI document. By default it
 * builds them all before the emulator answers: about 4.4 s of CPU at every start of the CLI
 * (`npm start`, each emulator session of `npm test`), for some hundred operations of which the
 * portal calls a handful. exegesis's own `lazyCompileValidationSchemas` option builds each one
 * on its first use instead; what is validated, and how, stays the same (docs/testing.md, "The
 * Auth emulator's schemas").
 *
 * Written against firebase-tools 14.27; on another version it changes nothing and says so.
 */
const { fitsFirebaseTools } = require('./firebaseToolsVersion.cjs');

if (fitsFirebaseTools('lazyAuthSchemas.cjs', 'the Auth emulator compiles its schemas at start-up')) {
  // The copy firebase-tools' Auth emulator (lib/emulator/auth/server.js) requires.
  const exegesisExpress = require(require.resolve('exegesis-express', { paths: [require.resolve('firebase-tools/package.json')] }));
  const middleware = exegesisExpress.middleware;
  exegesisExpress.middleware = (openApiDoc, options, done) => middleware(openApiDoc, { lazyCompileValidationSchemas: true, ...options }, done);
}
