/**
 * The two headers by which sharedRuntimes.cjs (in the firebase CLI) tells a shared runtime which
 * function a request is for, and sharedRuntimeRouting.cjs (in the runtime) reads it.
 */
module.exports = {
  TARGET_HEADER: 'x-portal-function-target',
  SIGNATURE_HEADER: 'x-portal-function-signature',
};
