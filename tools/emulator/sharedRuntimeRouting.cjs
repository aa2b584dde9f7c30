/**
 * Loaded (`NODE_OPTIONS=--require`) into each Functions emulator runtime that sharedRuntimes.cjs
 * shares between functions. The runtime runs in firebase-tools' debug mode, where it takes the
 * function to run from a message on its IPC channel; here the function comes with the request
 * itself (two headers), and is handed to the runtime as that message before the runtime looks
 * at the request. A runtime may have several requests of one function in flight (as a deployed
 * 2nd gen instance does): the hand-overs take turns, each one ending once the runtime's handler
 * has read the function, which it does before its first await.
 */
const { dirname } = require('node:path');

const { TARGET_HEADER, SIGNATURE_HEADER } = require('./sharedRuntimeHeaders.cjs');

// The express that the runtime module requires, resolved as it resolves it.
const runtimeDir = dirname(require.resolve('firebase-tools/lib/emulator/functionsEmulatorRuntime.js', { paths: [process.cwd()] }));
const express = require(require.resolve('express', { paths: [runtimeDir] }));

/** The hand-over in progress: the next request's message waits until its handler has started. */
let handingOver = Promise.resolve();

const all = express.application.all;
express.application.all = function (path, handler, ...rest) {
  if (path !== '/*') return all.call(this, path, handler, ...rest);
  return all.call(this, path, (req, res, next) => {
    const functionTarget = req.headers[TARGET_HEADER];
    const functionSignature = req.headers[SIGNATURE_HEADER];
    if (typeof functionTarget !== 'string' || typeof functionSignature !== 'string') return handler(req, res, next);
    delete req.headers[TARGET_HEADER];
    delete req.headers[SIGNATURE_HEADER];
    handingOver = handingOver.then(
      () =>
        new Promise((handedOver) => {
          // The runtime takes the message in a promise callback, which runs before setImmediate's.
          process.emit('message', JSON.stringify({ functionTarget, functionSignature }));
          setImmediate(() => {
            handler(req, res, next);
            handedOver();
          });
        }),
    );
  });
};
