/**
 * The firebase-tools release that the CLI's preloads (sharedRuntimes.cjs, lazyAuthSchemas.cjs) are
 * written against: they reach into its internals, so on another release each steps aside and
 * says what the emulators do instead.
 */
const SUPPORTED = /^14\.27\./;

/** True when the installed firebase-tools is the one `preload` was written for; else warns with `otherwise`. */
function fitsFirebaseTools(preload, otherwise) {
  const { version } = require('firebase-tools/package.json');
  if (SUPPORTED.test(version)) return true;
  console.warn(`tools/emulator/${preload}: written for firebase-tools 14.27, found ${version}; ${otherwise}.`);
  return false;
}

module.exports = { SUPPORTED, fitsFirebaseTools };
